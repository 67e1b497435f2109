// An order as its buyer sees it: the lines, what they came to, where it goes (partly masked) and
// what has happened to it since it was paid. A guest reaches it with the order's key from the
// receipt; a signed-in customer also from their account. An order is a paid checkout session.

const STATES = {
  unfulfilled: "Unfulfilled",
  partly_shipped: "Partly shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  refunded: "Refunded",
};

// A made-up id, a wrong key and a missing key are one answer, word for word.
const NOT_FOUND = "This order does not exist.";
// Compared when there is no order, so a made-up id costs what a real one with a wrong key does.
const NO_KEY = "no-order-has-this-key-no-order-has-this-key";

function notFound() {
  return new NotFoundError(NOT_FOUND);
}

/** The paid session with this id whose key is `key`, or the one 404 of every other case. */
function findByKey(app, id, key) {
  let session = null;
  try {
    session = app.findRecordById("checkout_sessions", String(id || "").slice(0, 40));
  } catch (_) {
    session = null;
  }
  const stored = session ? session.getString("order_key") : "";
  const given = String(key || "").slice(0, 200);
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const same = $security.equal($security.sha256(given), $security.sha256(stored || NO_KEY));
  if (!session || !stored || !given || !same || session.getString("status") !== "paid") throw notFound();
  return session;
}

/**
 * The paid session a request asks for: the studio's by its sign-in alone (its orders tab shows an
 * order's numbers and certificates), anyone else's with the order's key, else the one 404.
 */
function sessionForCaller(e) {
  const { requireStudio } = require(`${__hooks}/lib/base/callers.js`);
  const id = e.request.pathValue("id");
  try {
    requireStudio(e);
    const session = e.app.findRecordById("checkout_sessions", String(id || "").slice(0, 40));
    if (session.getString("status") === "paid") return session;
  } catch (_) {
    // Not the studio, or no such order: the key decides, with the answer every stranger gets.
  }
  return findByKey(e.app, id, e.request.url.query().get("key"));
}

function shipmentsOf(app, session) {
  try {
    return app.findRecordsByFilter("shipments", "order = {:id}", "shipped_at,created", 0, 0, { id: session.id });
  } catch (_) {
    return [];
  }
}

/** Each order line with the purchase recorded for it (one per line, same item and choices, in order). */
function linesOf(session, purchases) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const left = purchases.slice();
  return (readJson(session, "line_items", []) || []).map((l, index) => {
    const at = left.findIndex((p) => {
      const m = readJson(p, "metadata", {}) || {};
      return p.getString("product_id") === l.item_id && (m.variant || "") === (l.variant || "") && (m.size || "") === (l.size || "") && (m.color || "") === (l.color || "");
    });
    const purchase = at >= 0 ? left.splice(at, 1)[0] : null;
    return { index, line: l, purchase };
  });
}

function initial(name) {
  const first = String(name || "").trim().charAt(0).toUpperCase();
  return first ? first + "." : "";
}

/** Where it goes, with only what a buyer needs to recognise it: the name's initial, the city and country. */
function maskedAddress(purchases) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const meta = purchases.length ? readJson(purchases[0], "metadata", {}) || {} : {};
  const ship = meta.shipping_details || {};
  const address = ship.address || {};
  const customer = meta.customer_details || {};
  if (!address.city && !address.country) return null;
  return { name: initial(ship.name || customer.name), street: address.line1 ? "•••" : "", city: String(address.city || ""), country: String(address.country || "") };
}

const ORDER = { paid: 0, shipped: 1, delivered: 2, refunded: 3 };

/** The order as its buyer sees it. */
function viewOf(app, session) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const { amountsOf, refundedOf } = require(`${__hooks}/lib/orders/order-amounts.js`);
  const { carrierName } = require(`${__hooks}/lib/orders/carriers.js`);
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 0, 0, { id: session.getString("provider_session_id") });
  const lines = linesOf(session, purchases);
  const shipments = shipmentsOf(app, session);
  const numbers = require(`${__hooks}/lib/orders/edition-ledger.js`).numbersOfOrder(app, purchases);
  const files = require(`${__hooks}/lib/orders/downloads.js`).filesOfOrder(app, session);
  const key = encodeURIComponent(session.getString("order_key"));
  const shippedIn = {};
  const events = [{ kind: "paid", at: session.getString("fulfilled_at") || session.getString("updated") }];
  for (const s of shipments) {
    const covered = readJson(s, "lines", []) || [];
    covered.forEach((i) => (shippedIn[i] = true));
    events.push({
      kind: "shipped",
      at: s.getString("shipped_at") || s.getString("created"),
      carrier: carrierName(s.getString("carrier")),
      tracking_number: s.getString("tracking_number"),
      // Only a web address becomes a link on the buyer's page.
      tracking_url: /^https?:\/\//i.test(s.getString("tracking_url")) ? s.getString("tracking_url") : "",
      note: s.getString("note"),
      lines: covered.map((i) => (lines[i] ? lines[i].line.title : "")).filter(Boolean),
    });
  }
  if (session.getString("delivered_at")) events.push({ kind: "delivered", at: session.getString("delivered_at") });
  for (const l of lines) {
    if (!l.purchase || l.purchase.getString("status") !== "refunded") continue;
    const refund = (readJson(l.purchase, "metadata", {}) || {}).refund || {};
    events.push({ kind: "refunded", at: String(refund.at || l.purchase.getString("updated")), amount: Number(refund.amount_cents) || 0, lines: [l.line.title] });
  }
  // In the order things happen to a parcel; a shipment's date may be a day with no time, earlier
  // on the day it was paid, so dates order events of one kind only.
  events.forEach((ev) => (ev.at = String(ev.at).replace("T", " ")));
  events.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  // Kept by the server whenever a shipment, a delivery or a refund changes it (lib/orders/shipments.js).
  const state = STATES[session.getString("fulfilment")] ? session.getString("fulfilment") : "unfulfilled";
  return {
    id: session.id,
    paid_at: session.getString("fulfilled_at"),
    status: state,
    status_label: STATES[state],
    // false for downloads alone: nothing ships, so the page shows no parcel's steps.
    ships: lines.some((l) => l.line.item_type !== "digital"),
    lines: lines.map((l) => withFiles(l, files, withNumbers(l, numbers, session, key, {
      title: l.line.title,
      quantity: l.line.quantity,
      unit_amount: l.line.unit_amount,
      amount: l.line.unit_amount * l.line.quantity,
      item_type: l.line.item_type,
      code_excluded: !!l.line.code_excluded,
      shipped: !!shippedIn[l.index],
      refunded: !!l.purchase && l.purchase.getString("status") === "refunded",
    }))),
    amounts: Object.assign(amountsOf(session), { refunded: refundedOf(purchases) }),
    ship_to: maskedAddress(purchases),
    // The EU and UK buyer's consent to start a download at once, as ticked (lib/pricing/withdrawal.js).
    withdrawal_waiver: readJson(session, "withdrawal_waiver", null),
    timeline: events,
  };
}

/** An edition's line gets its numbers, each with its public ledger page and its certificate. */
function withNumbers(l, numbers, session, key, view) {
  if (l.line.item_type !== "edition") return view;
  view.numbers = ((l.purchase && numbers[l.purchase.id]) || []).map((n) =>
    Object.assign(n, {
      verify: "/verify/" + n.edition + "/" + n.number,
      certificate: "/api/studio/orders/" + session.id + "/certificates/" + n.edition + "/" + n.number + "?key=" + key,
    }),
  );
  return view;
}

/** A download's line, and a book's with files, list them: each with what is left and where a download starts. */
function withFiles(l, files, view) {
  const own = (l.purchase && files[l.purchase.id]) || [];
  if (own.length || l.line.item_type === "digital") view.files = own;
  return view;
}

/** The order page's answer: the order whose id and key were both given (or asked by the studio), else 404. */
function orderForCaller(e) {
  return viewOf(e.app, sessionForCaller(e));
}

/** A signed-in customer's orders, newest first, each with the address of its own page. */
function ordersOfCustomer(app, user) {
  const sessions = app.findRecordsByFilter("checkout_sessions", "user = {:user} && status = 'paid'", "-fulfilled_at", 100, 0, { user: user.id });
  return sessions.map((s) => Object.assign(viewOf(app, s), { page: orderPath(s) }));
}

/** The order page's address (site-relative), or "" for an order with no key yet. */
function orderPath(session) {
  const key = session.getString("order_key");
  return key ? "/orders/" + session.id + "?key=" + encodeURIComponent(key) : "";
}

module.exports = { sessionForCaller, orderForCaller, ordersOfCustomer, orderPath, viewOf, STATES, NOT_FOUND };
