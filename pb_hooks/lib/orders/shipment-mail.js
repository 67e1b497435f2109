// The buyer's letters about a parcel: one when it leaves, one when its tracking number is
// corrected. Each is queued in the transaction that saves the shipment (lib/base/mail.js), so a
// shipment and its letter exist together or not at all.

/** Who bought the order, as the checkout recorded them: { name, email }. */
function buyerOf(tx, order) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const purchases = tx.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 1, 0, { id: order.getString("provider_session_id") });
  const customer = purchases.length ? readJson(purchases[0], "metadata", {}).customer_details || {} : {};
  let email = customer.email || "";
  if (!email && order.getString("user")) {
    try {
      email = tx.findRecordById("users", order.getString("user")).email();
    } catch (_) {
      // the account is gone and the checkout kept no address: nobody to tell
    }
  }
  return { name: customer.name || "", email };
}

function commissionBuyer(tx, commission) {
  let email = commission.getString("contact_email");
  if (commission.getString("user")) {
    try {
      email = tx.findRecordById("users", commission.getString("user")).email();
    } catch (_) {
      // the account is gone; the address given with the request still reaches the person
    }
  }
  return { name: commission.getString("contact_name"), email };
}

function orderPage(order) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  return `${siteUrl()}/orders/${order.id}?key=${order.getString("order_key")}`;
}

function trackingLines(shipment) {
  const { carrierName } = require(`${__hooks}/lib/orders/carriers.js`);
  const number = shipment.getString("tracking_number");
  const url = shipment.getString("tracking_url");
  return [`Carrier: ${carrierName(shipment.getString("carrier"))}`, url ? { label: "Tracking number", text: number, href: url } : `Tracking number: ${number}`];
}

function hello(name) {
  return `Hello${name ? " " + name : ""},`;
}

function send(tx, to, subject, letter) {
  if (!to) return;
  const mail = require(`${__hooks}/lib/base/mail.js`);
  mail.queueSafely(tx, { to: [to], subject, compose: () => letter });
}

function noteItems(shipment) {
  const note = shipment.getString("note");
  return note ? [{ who: "A note from the studio", text: note }] : [];
}

/** lines: the order's lines in this parcel ({ line } as lib/orders/shipments.js reads them). */
function orderShipped(tx, order, shipment, lines) {
  const buyer = buyerOf(tx, order);
  send(tx, buyer.email, "Your order has shipped", {
    heading: hello(buyer.name),
    lines: ["Your order from Lanternwood Studio is on its way. In this parcel:"]
      .concat(lines.map((l) => `${l.line.quantity} × ${l.line.title}`))
      .concat(trackingLines(shipment)),
    items: noteItems(shipment),
    link: orderPage(order),
    label: "See your order",
  });
}

function commissionShipped(tx, commission, shipment) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const buyer = commissionBuyer(tx, commission);
  const title = commission.getString("title") || "commission";
  send(tx, buyer.email, "Your order has shipped", {
    heading: hello(buyer.name),
    lines: [`The original of your ${title.replace(/-/g, " ")} is on its way.`].concat(trackingLines(shipment)),
    items: noteItems(shipment),
    link: `${siteUrl()}/customer/dashboard`,
    label: "Open your commission",
  });
}

function trackingCorrected(tx, shipment) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  let buyer;
  let link;
  if (shipment.getString("order")) {
    const order = tx.findRecordById("checkout_sessions", shipment.getString("order"));
    buyer = buyerOf(tx, order);
    link = orderPage(order);
  } else {
    buyer = commissionBuyer(tx, tx.findRecordById("commissions", shipment.getString("commission")));
    link = `${siteUrl()}/customer/dashboard`;
  }
  send(tx, buyer.email, "Tracking number corrected", {
    heading: hello(buyer.name),
    lines: ["The tracking number we sent you for your parcel was wrong. This is the right one:"].concat(trackingLines(shipment)),
    items: [],
    link,
    label: shipment.getString("order") ? "See your order" : "Open your commission",
  });
}

module.exports = { orderShipped, commissionShipped, trackingCorrected, buyerOf };
