// Every limit the hooks keep (wrong passwords, wrong codes, feed reads, sign-ups, requests, holds)
// counts here, in one atomic step before the work it limits. Handlers run in parallel in several
// script VMs: a count read in one step and written in another lets every parallel request see the
// same old number. The app's store is one for all VMs, and its setFunc runs the change under the
// store's own lock, so the read and the write are one step.

const PREFIX = "count:";

/**
 * Counts one event of `key` in a fixed window of `windowMs` and returns how many the window holds
 * now, this one included. With `item`, only distinct items count: the same item again is not new.
 */
function count(app, key, windowMs, item) {
  const now = Date.now();
  let total = 0;
  app.store().setFunc(PREFIX + key, (old) => {
    const next = windowOf(old, now) || { since: now, ms: windowMs, n: 0, items: [] };
    if (item === undefined) next.n += 1;
    else if (next.items.indexOf(String(item)) < 0) next.items.push(String(item));
    total = item === undefined ? next.n : next.items.length;
    return JSON.stringify(next);
  });
  return total;
}

/** How many `key`'s window holds now, without counting. */
function peek(app, key) {
  const kept = windowOf(app.store().get(PREFIX + key), Date.now());
  return kept ? Math.max(kept.n, kept.items.length) : 0;
}

/** Whether `item` was counted under `key` in its window. */
function counted(app, key, item) {
  const kept = windowOf(app.store().get(PREFIX + key), Date.now());
  return !!kept && kept.items.indexOf(String(item)) >= 0;
}

/**
 * Whether the limits on how much one caller may send are on: the rate limit settings switch them
 * on and off as they do PocketBase's own limits. Guards against guessing (passwords, codes) and
 * the holds of a checkout are kept whatever the settings say.
 */
function volumeLimitsOn(app) {
  return app.settings().rateLimits.enabled;
}

/** Forgets `key` at once (a right password clears its wrong ones). */
function forget(app, key) {
  app.store().remove(PREFIX + key);
}

/** Forgets every window that has passed, so keys seen once do not stay in memory. */
function prune(app) {
  const store = app.store();
  const now = Date.now();
  const all = store.getAll();
  for (const key in all) {
    if (key.indexOf(PREFIX) === 0 && !windowOf(all[key], now)) store.remove(key);
  }
}

function windowOf(raw, now) {
  let kept = null;
  try {
    kept = JSON.parse(String(raw || ""));
  } catch (_) {
    return null;
  }
  if (!kept || typeof kept.since !== "number" || !(now - kept.since < kept.ms)) return null;
  return { since: kept.since, ms: kept.ms, n: Number(kept.n) || 0, items: Array.isArray(kept.items) ? kept.items.map(String) : [] };
}

module.exports = { count, peek, counted, forget, prune, volumeLimitsOn };
