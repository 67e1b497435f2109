/** Runs `work` once the browser has nothing more urgent to do (within `timeout` ms); returns a cancel. */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => work(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/**
 * Runs `work` in a task of its own, as soon as the current one ends; returns a cancel. For work
 * that must start at once but need not lengthen the task that asked for it (a page's takeover).
 */
export function inNextTask(work: () => void): () => void {
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/**
 * Runs `steps` in order, a task each, the first when `start` runs it (at once by default, or
 * `whenIdle`); returns a cancel. For work that is cheap alone but adds up to a long task when done
 * all at once, as starting a few requests does on a phone.
 */
export function inTurn(steps: (() => void)[], start: (work: () => void) => () => void = inNextTask): () => void {
  let cancel = start(() => run(0));
  function run(index: number) {
    steps[index]!();
    if (index + 1 < steps.length) cancel = inNextTask(() => run(index + 1));
  }
  return () => cancel();
}
