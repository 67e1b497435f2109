// The studio ships what was sold: an order's physical lines in one or more shipments, or the
// physical original a commission ends in. Each request carries the studio app's request_id, so a
// double tap, a retried request or an outbox replay finds the first shipment and sends no second
// letter. The order's fulfilment state follows every shipment, delivery and refund.

const REFUNDED_STATES = ["refunded", "refund needed"];
// Paintings (prints and originals), numbered editions, autographed books and merchandise all leave in a parcel.
const SHIPPING_TYPES = ["painting", "book", "merchandise", "edition"];
// Murals are painted where they stay; the rest end in a piece of paper that can be posted.
const SHIPPABLE_COMMISSIONS = ["illustrated-book", "watercolor-portrait", "watercolor-illustration"];
const NOTE_MAX = 1000;

function refuse(message) {
  throw new BadRequestError(message);
}

/** What the request asks, checked before anything is read: { requestId, number, carrier, url, note }. */
function readShipment(body) {
  const carriers = require(`${__hooks}/lib/orders/carriers.js`);
  const requestId = String(body.request_id || "");
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(requestId)) refuse("A shipment needs a request_id of 8 to 64 letters, digits, - or _.");
  const tracking = readTracking(body, carriers);
  const note = typeof body.note === "string" ? body.note.trim() : "";
  if (body.note !== undefined && body.note !== null && typeof body.note !== "string") refuse("The note must be text.");
  if (note.length > NOTE_MAX) refuse("The note to the buyer has at most " + NOTE_MAX + " characters.");
  if (/<\s*[A-Za-z!/?]/.test(note)) refuse("The note to the buyer is plain text: please leave out HTML tags.");
  return Object.assign({ requestId, note }, tracking);
}

/** The tracking number, its carrier (the studio's choice, else the guess) and the page to follow it. */
function readTracking(body, carriers) {
  if (body.tracking_number === undefined || body.tracking_number === null) refuse("Please enter the tracking number.");
  if (typeof body.tracking_number !== "string") refuse("The tracking number must be sent as text.");
  const problem = carriers.trackingProblem(body.tracking_number);
  if (problem) refuse(problem);
  const number = body.tracking_number.trim().replace(/\s+/g, " ");
  let carrier = body.carrier === undefined || body.carrier === null || body.carrier === "" ? carriers.guessCarrier(number) : String(body.carrier);
  if (!carriers.isCarrier(carrier)) refuse("Please choose a carrier from the list, or Other.");
  let url = carriers.trackingUrl(carrier, number);
  if (carrier === "other") {
    const typed = typeof body.tracking_url === "string" ? body.tracking_url.trim() : "";
    const urlProblem = carriers.urlProblem(typed);
    if (urlProblem) refuse(urlProblem);
    url = typed;
  }
  return { number, carrier, url };
}

function findPaidOrder(tx, id) {
  let order;
  try {
    order = tx.findRecordById("checkout_sessions", String(id || ""));
  } catch (_) {
    throw new NotFoundError("This order does not exist.");
  }
  if (order.getString("status") !== "paid") throw new NotFoundError("This order does not exist.");
  return order;
}

function purchasesOf(tx, order) {
  return tx.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 0, 0, { id: order.getString("provider_session_id") });
}

/** The purchase recorded for a line: the same piece, variant, size and colour (lib/orders/fulfilment.js writes one per line). */
function purchaseFor(purchases, line) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  return purchases.find((p) => {
    const meta = readJson(p, "metadata", {});
    return p.getString("product_id") === line.item_id && (meta.variant || "") === (line.variant || "") && (meta.size || "") === (line.size || "") && (meta.color || "") === (line.color || "");
  });
}

function shipmentsOf(tx, field, id) {
  return tx.findRecordsByFilter("shipments", `${field} = {:id}`, "created", 0, 0, { id });
}

/**
 * Each line of the order with what it means for shipping: { index, line, purchase, ships, shipped }.
 * A line ships when it is a parcel and was not refunded.
 */
function linesOf(tx, order) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const purchases = purchasesOf(tx, order);
  const shipped = {};
  for (const s of shipmentsOf(tx, "order", order.id)) for (const i of readJson(s, "lines", [])) shipped[i] = true;
  return readJson(order, "line_items", []).map((line, index) => {
    const purchase = purchaseFor(purchases, line) || null;
    const refunded = purchase ? REFUNDED_STATES.indexOf(purchase.getString("status")) >= 0 : false;
    return { index, line, purchase, physical: SHIPPING_TYPES.indexOf(line.item_type) >= 0, refunded, shipped: !!shipped[index] };
  });
}

/** The order's state from its lines, shipments and delivery, as the studio and the buyer see it. */
function fulfilmentOf(tx, order) {
  const lines = linesOf(tx, order);
  if (lines.length && lines.every((l) => l.refunded)) return "refunded";
  if (order.getString("delivered_at")) return "delivered";
  // Downloads alone are delivered at payment: nothing waits to ship.
  if (lines.length && !lines.some((l) => l.physical)) return "delivered";
  const due = lines.filter((l) => l.physical && !l.refunded);
  const sent = due.filter((l) => l.shipped).length;
  if (due.length && sent === due.length) return "shipped";
  return sent || lines.some((l) => l.shipped) ? "partly_shipped" : "unfulfilled";
}

function keepFulfilment(tx, order) {
  const state = fulfilmentOf(tx, order);
  if (order.getString("fulfilment") !== state) {
    order.set("fulfilment", state);
    tx.save(order);
  }
  return state;
}

/** The lines asked for, or every line still to ship; each refused with its reason. */
function chooseLines(lines, asked) {
  if (asked === undefined || asked === null || (Array.isArray(asked) && asked.length === 0)) {
    const left = lines.filter((l) => l.physical && !l.refunded && !l.shipped);
    if (!left.length) refuse("Every line of this order has already shipped.");
    return left;
  }
  if (!Array.isArray(asked) || asked.some((i) => typeof i !== "number" || !Number.isInteger(i))) refuse("lines must be a list of line numbers of this order.");
  const seen = {};
  return asked.map((i) => {
    const l = lines[i];
    if (!l) refuse("Line " + (i + 1) + " is not part of this order.");
    if (seen[i]) refuse("Line " + (i + 1) + " is named twice.");
    seen[i] = true;
    const title = '"' + l.line.title + '"';
    if (!l.physical) refuse("Line " + (i + 1) + " (" + title + ") is not something that ships.");
    if (l.refunded) refuse("Line " + (i + 1) + " (" + title + ") was refunded; it does not ship.");
    if (l.shipped) refuse("Line " + (i + 1) + " (" + title + ") has already shipped.");
    return l;
  });
}

function newShipment(tx, fields, tracking) {
  const s = new Record(tx.findCollectionByNameOrId("shipments"));
  for (const k of Object.keys(fields)) s.set(k, fields[k]);
  s.set("carrier", tracking.carrier);
  s.set("tracking_number", tracking.number);
  s.set("tracking_url", tracking.url);
  s.set("note", tracking.note);
  s.set("request_id", tracking.requestId);
  s.set("shipped_at", new Date().toISOString());
  tx.save(s);
  return s;
}

/** Ships lines of a paid order. Answers { shipment, fulfilment, repeated }. */
function shipOrder(app, orderId, body) {
  const asked = readShipment(body);
  const letters = require(`${__hooks}/lib/orders/shipment-mail.js`);
  let result = null;
  app.runInTransaction((tx) => {
    const order = findPaidOrder(tx, orderId);
    const earlier = tx.findRecordsByFilter("shipments", "order = {:order} && request_id = {:key}", "", 1, 0, { order: order.id, key: asked.requestId });
    if (earlier.length) {
      result = { shipment: earlier[0], fulfilment: order.getString("fulfilment"), repeated: true };
      return;
    }
    if (order.getString("fulfilment") === "refunded" || fulfilmentOf(tx, order) === "refunded") refuse("This order was refunded: there is nothing to ship.");
    const lines = chooseLines(linesOf(tx, order), body.lines);
    const stripe = require(`${__hooks}/lib/orders/shipment-stripe.js`).paymentIntentOf(tx, order);
    const shipment = newShipment(tx, { order: order.id, lines: lines.map((l) => l.index), stripe_sync: stripe ? "pending" : "none" }, asked);
    const fulfilment = keepFulfilment(tx, order);
    letters.orderShipped(tx, order, shipment, lines);
    result = { shipment, fulfilment, repeated: false };
  });
  // A repeat finds the first request's update already sent or on its way: it sends nothing more.
  if (!result.repeated) require(`${__hooks}/lib/orders/shipment-stripe.js`).syncOrder(app, orderId);
  result.shipment = app.findRecordById("shipments", result.shipment.id);
  return result;
}

/** Ships the physical original a commission ends in. Answers { shipment, repeated }. */
function shipCommission(app, commissionId, body) {
  const asked = readShipment(body);
  const letters = require(`${__hooks}/lib/orders/shipment-mail.js`);
  let result = null;
  app.runInTransaction((tx) => {
    let commission;
    try {
      commission = tx.findRecordById("commissions", String(commissionId || ""));
    } catch (_) {
      throw new NotFoundError("This commission does not exist.");
    }
    const earlier = tx.findRecordsByFilter("shipments", "commission = {:c} && request_id = {:key}", "", 1, 0, { c: commission.id, key: asked.requestId });
    if (earlier.length) {
      result = { shipment: earlier[0], repeated: true };
      return;
    }
    if (SHIPPABLE_COMMISSIONS.indexOf(commission.getString("type")) < 0) refuse("A mural is painted where it stays: there is nothing to ship.");
    if (commission.getString("payment_status") === "Refunded") refuse("This commission was refunded: there is nothing to ship.");
    if (shipmentsOf(tx, "commission", commission.id).length) refuse("This commission's original has already shipped.");
    const shipment = newShipment(tx, { commission: commission.id, lines: [], stripe_sync: "none" }, asked);
    letters.commissionShipped(tx, commission, shipment);
    result = { shipment, repeated: false };
  });
  return result;
}

function findShipment(tx, id) {
  try {
    return tx.findRecordById("shipments", String(id || ""));
  } catch (_) {
    throw new NotFoundError("This shipment does not exist.");
  }
}

/**
 * A mistyped number is corrected and the buyer told, once: sending the same correction again
 * changes nothing and sends nothing. Answers { shipment, repeated }.
 */
function correctTracking(app, shipmentId, body) {
  const carriers = require(`${__hooks}/lib/orders/carriers.js`);
  const tracking = readTracking(body, carriers);
  let result = null;
  let orderId = "";
  app.runInTransaction((tx) => {
    const shipment = findShipment(tx, shipmentId);
    orderId = shipment.getString("order");
    const same = shipment.getString("tracking_number") === tracking.number && shipment.getString("carrier") === tracking.carrier && shipment.getString("tracking_url") === tracking.url;
    if (same) {
      result = { shipment, repeated: true };
      return;
    }
    if (orderId && findPaidOrder(tx, orderId).getString("fulfilment") === "refunded") refuse("This order was refunded: its shipments can no longer change.");
    shipment.set("tracking_number", tracking.number);
    shipment.set("carrier", tracking.carrier);
    shipment.set("tracking_url", tracking.url);
    if (shipment.getString("stripe_sync") !== "none") shipment.set("stripe_sync", "pending");
    tx.save(shipment);
    require(`${__hooks}/lib/orders/shipment-mail.js`).trackingCorrected(tx, shipment);
    result = { shipment, repeated: false };
  });
  if (orderId && !result.repeated) require(`${__hooks}/lib/orders/shipment-stripe.js`).syncOrder(app, orderId);
  result.shipment = app.findRecordById("shipments", result.shipment.id);
  return result;
}

/** The studio marks a shipped order delivered. Answers { fulfilment, delivered_at }. */
function markDelivered(app, orderId) {
  let result = null;
  app.runInTransaction((tx) => {
    const order = findPaidOrder(tx, orderId);
    const state = fulfilmentOf(tx, order);
    if (state === "refunded") refuse("This order was refunded: it cannot be marked delivered.");
    if (state !== "shipped" && state !== "delivered") refuse("Mark the order delivered once every line has shipped.");
    if (!order.getString("delivered_at")) order.set("delivered_at", new Date().toISOString());
    order.set("fulfilment", "delivered");
    tx.save(order);
    result = { fulfilment: "delivered", delivered_at: order.getString("delivered_at") };
  });
  // A sync that failed earlier is tried again whenever the studio acts on the order.
  require(`${__hooks}/lib/orders/shipment-stripe.js`).syncOrder(app, orderId);
  return result;
}

module.exports = { shipOrder, shipCommission, correctTracking, markDelivered, fulfilmentOf, keepFulfilment, linesOf, findPaidOrder };
