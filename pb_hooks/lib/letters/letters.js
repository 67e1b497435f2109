// The letters a studio and its customers expect, composed from the record that calls for them.
// Each is queued in the transaction of the write that calls for it (lib/base/mail.js); the server sends
// it once that write is committed. Commission money has its own letters (lib/commissions/commission-mail.js).

const money = (cents) => require(`${__hooks}/lib/money/money.js`).dollars(cents);

const REQUEST_TYPES = {
  "illustrated-book": "Illustrated book",
  "indoor-mural": "Indoor mural",
  "outdoor-mural": "Outdoor mural",
  "watercolor-portrait": "Watercolor portrait",
  "watercolor-illustration": "Watercolor illustration",
};

/**
 * A new commission request tells the studio. Requests need no account, so requests arriving
 * close together share one letter: a flood of requests cannot flood the studio's inbox.
 */
function commissionRequested(app, c) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const kind = REQUEST_TYPES[c.getString("type")] || c.getString("type");
  const who = c.getString("contact_name") || c.getString("contact_email");
  const details = [
    ["From", `${who} <${c.getString("contact_email")}>`],
    ["Phone", c.getString("contact_phone")],
    ["Size", c.getString("size")],
    ["Budget", c.getString("budget")],
    ["Wished for by", c.getString("deadline")],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`);
  mail.queueSafely(app, {
    to: mail.studioRecipients(app),
    subject: (items) => (items.length > 1 ? `${items.length} new commission requests` : `New commission request: ${kind} from ${who}`),
    item: { who: `${kind} from ${who}`, text: details.concat(["", mail.excerpt(c.getString("description"), 1500)]).join("\n") },
    batchKey: "commission-requests",
    delaySeconds: mail.batchSeconds(),
    compose: (items) => ({
      heading: items.length > 1 ? `${items.length} new commission requests have arrived.` : "A new commission request has arrived.",
      lines: [],
      items,
      link: `${siteUrl()}/admin/commissions`,
      label: "Open the commissions",
    }),
  });
}

/**
 * A message in a commission thread tells the other side. Messages sent close together become one
 * letter: the first one waits for the rest of the burst.
 */
function threadMessage(app, m) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  // Quote, receipt and refund cards come with letters of their own (lib/commissions/commission-mail.js).
  if (m.get("card") !== null && toString(m.get("card")) !== "null" && toString(m.get("card")) !== "") return;
  const commission = app.findRecordById("commissions", m.getString("commission"));
  const title = commission.getString("title") || "commission";
  const files = (m.get("attachments") || []).length;
  const text = mail.excerpt(m.getString("content"), 1500) || `(${files} file${files === 1 ? "" : "s"} attached)`;
  const item = { who: m.getString("sender_name") || "Customer", text };
  if (m.getString("sender_role") === "customer") {
    const who = commission.getString("contact_name") || commission.getString("contact_email");
    mail.queueSafely(app, {
      to: mail.studioRecipients(app),
      subject: (items) => (items.length > 1 ? `${items.length} new messages from ${who}` : `New message from ${who}`),
      item,
      batchKey: `thread-to-studio:${commission.id}`,
      delaySeconds: mail.batchSeconds(),
      compose: (items) => ({
        heading: `${who} wrote about their ${title.replace(/-/g, " ")} commission.`,
        lines: [],
        items,
        link: `${siteUrl()}/admin/commissions`,
        label: "Reply in the studio",
      }),
    });
    return;
  }
  let to = commission.getString("contact_email");
  const userId = commission.getString("user");
  if (userId) {
    try {
      to = app.findRecordById("users", userId).email();
    } catch {
      // the account is gone; the address given with the request still reaches the person
    }
  }
  if (!to) return;
  mail.queueSafely(app, {
    to: [to],
    subject: (items) => (items.length > 1 ? `${items.length} new messages from Lanternwood Studio` : "A new message from Lanternwood Studio"),
    item,
    batchKey: `thread-to-customer:${commission.id}`,
    delaySeconds: mail.batchSeconds(),
    compose: (items) => ({
      heading: `Hello${commission.getString("contact_name") ? " " + commission.getString("contact_name") : ""},`,
      lines: [`The studio has written to you about your ${title.replace(/-/g, " ")} commission.`],
      items,
      link: `${siteUrl()}/customer/dashboard`,
      label: "Read and reply",
    }),
  });
}

function orderLine(l) {
  return `${l.quantity} × ${l.title}${l.size ? `, ${l.size}` : ""}${l.color ? `, ${l.color}` : ""}: ${money(l.unit_amount * l.quantity)}`;
}

/** An order's sums as the buyer and the studio read them, from lib/orders/order-amounts.js. */
function figureLines(a) {
  return (a.discount ? [`Discount${a.discount_code ? ` (${a.discount_code})` : ""}: -${money(a.discount)}`] : [])
    .concat([`Shipping: ${money(a.shipping)}`])
    .concat(a.tax ? [`Tax: ${money(a.tax)}`] : a.tax_included ? [`Tax included in the prices: ${money(a.tax_included)}`] : [])
    .concat([`Total: ${money(a.total)}`])
    .concat(a.tax_refunded ? [`Tax not due where the parcel goes, refunded: ${money(a.tax_refunded)}`] : []);
}

/** The EU and UK buyer's words, as ticked (lib/pricing/withdrawal.js); physical lines keep their 14 days. */
function waiverLines(session, view) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const waiver = readJson(session, "withdrawal_waiver", null);
  if (!waiver || !waiver.wording) return [];
  const physical = view.lines.some((l) => l.item_type !== "digital");
  return [
    `You ticked, on ${String(waiver.at).slice(0, 16).replace("T", " ")} UTC: "${waiver.wording}" (wording ${waiver.version}).` +
      (physical ? " Your other items keep their 14-day right to cancel." : ""),
  ];
}

/** A paid order gives its buyer a receipt with the link to the order's own page, guests included. */
function orderReceipt(app, session) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const { amountsOf } = require(`${__hooks}/lib/orders/order-amounts.js`);
  const { orderPath } = require(`${__hooks}/lib/orders/orders.js`);
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "", 1, 0, { id: session.getString("provider_session_id") });
  const customer = (purchases.length ? readJson(purchases[0], "metadata", {}) || {} : {}).customer_details || {};
  const path = orderPath(session);
  if (!customer.email || !path) return;
  const figures = [`Subtotal: ${money(amountsOf(session).subtotal)}`].concat(figureLines(amountsOf(session)));
  // Each numbered print's certificate, to keep or print; the order's page has them too.
  const view = require(`${__hooks}/lib/orders/orders.js`).viewOf(app, session);
  const certificates = view.lines.reduce((all, l) => all.concat((l.numbers || []).map((n) => `Certificate of ${n.number}/${n.size}, ${l.title}: ${siteUrl()}${n.certificate}`)), []);
  // Each file to download, with its allowance; a link starts a fresh download each time.
  const files = view.lines.reduce((all, l) => all.concat((l.files || []).map((f) => `Download ${f.title} (${f.allowed} downloads until ${f.expires_at.slice(0, 10)}): ${siteUrl()}${f.download}`)), []);
  mail.queueSafely(app, {
    to: [customer.email],
    subject: "Your order from Lanternwood Studio",
    compose: () => ({
      heading: `Thank you for your order${customer.name ? ", " + customer.name : ""}!`,
      lines: readJson(session, "line_items", []).map(orderLine).concat(figures, certificates, files, waiverLines(session, view), [
        view.lines.some((l) => l.item_type !== "digital")
          ? "We will write again when it ships. Your order's page shows where it is at any time; keep this letter, its link is yours alone."
          : "Your order's page has your files at any time; keep this letter, its links are yours alone.",
      ]),
      items: [],
      link: siteUrl() + path,
      label: "See your order",
    }),
  });
}

/** A paid order tells the studio what to send, and where. */
function orderPaid(app, session) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const amounts = require(`${__hooks}/lib/orders/order-amounts.js`).amountsOf(session);
  const lines = readJson(session, "line_items", []).map(orderLine);
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "", 1, 0, { id: session.getString("provider_session_id") });
  const meta = purchases.length ? readJson(purchases[0], "metadata", {}) : {};
  const customer = meta.customer_details || {};
  const ship = meta.shipping_details || {};
  const address = ship.address || {};
  const shipTo = [ship.name, address.line1, address.line2, [address.postal_code, address.city].filter(Boolean).join(" "), address.state, address.country].filter(Boolean).join(", ");
  const buyer = [customer.name, customer.email].filter(Boolean).join(", ") || "a customer";
  const flag = readJson(session, "address_mismatch", null);
  mail.queueSafely(app, {
    to: mail.studioRecipients(app),
    subject: `${flag ? "Check this order's address. " : ""}New order: ${money(amounts.total)} from ${buyer}`,
    compose: () => ({
      heading: `An order has been paid by ${buyer}.`,
      lines: lines.concat(figureLines(amounts), shipTo ? [`Ship to: ${shipTo}`] : [], flag ? [flag.reason] : []),
      items: [],
      link: `${siteUrl()}/admin/orders`,
      label: "Open the orders",
    }),
  });
}

/** A line refunded because its piece went to someone else first tells the buyer and the studio. */
function purchaseRefunded(app, p) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const meta = readJson(p, "metadata", {});
  const refund = meta.refund || {};
  const amount = money(refund.amount_cents || 0);
  const customer = meta.customer_details || {};
  const title = p.getString("product_title");
  const reason = meta.refund_reason || "This item could not be delivered.";
  const demo = meta.provider === "demo";
  if (customer.email) {
    mail.queueSafely(app, {
      to: [customer.email],
      subject: `Your refund for ${title}`,
      compose: () => ({
        heading: `Hello${customer.name ? " " + customer.name : ""},`,
        lines: [
          `We are so sorry: ${title} went to another buyer moments before your payment arrived, so we cannot send it to you.`,
          demo
            ? `This order was paid on the demo page, so no money was taken.`
            : `We have refunded ${amount}${refund.shipping ? " (the shipping included)" : ""} to your card. It can take 5 to 10 days to show on your statement.`,
        ],
        items: [],
        link: `${siteUrl()}/gallery`,
        label: "Visit the gallery",
      }),
    });
  }
  mail.queueSafely(app, {
    to: mail.studioRecipients(app),
    subject: `Refunded ${amount} for ${title}`,
    compose: () => ({
      heading: `A payment for ${title} was refunded automatically.`,
      lines: [reason, `Buyer: ${[customer.name, customer.email].filter(Boolean).join(", ") || "unknown"}`, `Refund: ${amount}${demo ? " (demo provider: no money moved)" : ` (${refund.id})`}`],
      items: [],
      link: `${siteUrl()}/admin/orders`,
      label: "Open the orders",
    }),
  });
}

module.exports = { commissionRequested, threadMessage, orderPaid, orderReceipt, purchaseRefunded };
