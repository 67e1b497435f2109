// What cart reminders brought, for the studio's Abandoned Carts tab: which carts got letters, which
// came back (an order paid by that cart or address within 7 days after one of its letters) and
// what those orders came to. Attribution is by address as campaigns' is (campaign-orders.js).

const DAYS_AFTER_LETTER = 7;
const SHOWN = 200;

/** The reminders, newest first, with their letters and the orders that followed; totals over those shown. */
function report(app) {
  const { settings, delays } = require(`${__hooks}/lib/letters/cart-reminders.js`);
  const s = settings(app);
  const steps = delays(s).length;
  const at = (r, f) => (r.getDateTime(f).isZero() ? null : r.getDateTime(f).string());
  const reminders = app.findRecordsByFilter("cart_reminders", "id != ''", "-created", SHOWN, 0).map((r) => {
    const letters = app.findRecordsByFilter("cart_reminder_letters", "reminder = {:id}", "n", 2, 0, { id: r.id }).map((l) => ({ n: l.getInt("n"), state: l.getString("state"), sent_at: at(l, "sent_at") }));
    const orders = arrayOf(new DynamicModel({ orders: 0, revenue_cents: 0 }));
    app
      .db()
      .newQuery(
        "SELECT COUNT(*) AS orders, COALESCE(SUM(o.amount_total), 0) AS revenue_cents FROM checkout_sessions o WHERE o.status = 'paid' AND o.fulfilled_at != '' AND EXISTS (" +
          " SELECT 1 FROM cart_reminder_letters l WHERE l.reminder = {:id} AND l.state = 'sent'" +
          " AND julianday(o.fulfilled_at) BETWEEN julianday(l.sent_at) AND julianday(l.sent_at) + " + DAYS_AFTER_LETTER + ")" +
          " AND (o.cart_session_id = {:cart} OR (SELECT lower(u.email) FROM users u WHERE u.id = o.user) = {:email}" +
          " OR EXISTS (SELECT 1 FROM purchases p WHERE p.payment_id = o.provider_session_id AND lower(json_extract(p.metadata, '$.customer_details.email')) = {:email}))",
      )
      .bind({ id: r.id, cart: r.getString("cart_session_id"), email: r.getString("email") })
      .all(orders);
    return {
      id: r.id,
      cart_session_id: r.getString("cart_session_id"),
      email: r.getString("email"),
      state: r.getString("state"),
      stop_reason: r.getString("stop_reason"),
      ticked_at: at(r, "created"),
      letters,
      came_back: orders[0].orders > 0,
      revenue_cents: orders[0].revenue_cents,
      letters_to_come: Math.max(0, steps - r.getInt("letters_sent")),
    };
  });
  const reminded = reminders.filter((r) => r.letters.some((l) => l.state === "sent"));
  return {
    settings: s,
    reminders,
    totals: {
      reminded: reminded.length,
      came_back: reminded.filter((r) => r.came_back).length,
      revenue_cents: reminded.reduce((n, r) => n + r.revenue_cents, 0),
    },
  };
}

module.exports = { report };
