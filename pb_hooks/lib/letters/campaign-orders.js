// What a campaign brought in: the orders its readers paid for soon after following one of its links.
// Attribution is by address, as the shop knows a buyer: the account they bought with, or the
// address they gave at checkout.

const ORDER_DAYS_AFTER_CLICK = 7;

/**
 * Orders paid within 7 days after a member clicked in this campaign's letter, by the member's address
 * (the buyer's account or the address given at checkout), and what they paid in cents.
 */
function ordersAfterClicks(app, campaignId) {
  const rows = arrayOf(new DynamicModel({ orders: 0, revenue_cents: 0 }));
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS orders, COALESCE(SUM(o.amount_total), 0) AS revenue_cents FROM checkout_sessions o WHERE o.status = 'paid' AND o.fulfilled_at != '' AND EXISTS (" +
        " SELECT 1 FROM campaign_clicks k JOIN newsletter_subscribers s ON s.id = k.subscriber WHERE k.campaign = {:id}" +
        " AND julianday(o.fulfilled_at) BETWEEN julianday(k.created) AND julianday(k.created) + " + ORDER_DAYS_AFTER_CLICK +
        " AND (s.email = (SELECT lower(u.email) FROM users u WHERE u.id = o.user)" +
        " OR EXISTS (SELECT 1 FROM purchases p WHERE p.payment_id = o.provider_session_id AND lower(json_extract(p.metadata, '$.customer_details.email')) = s.email)))",
    )
    .bind({ id: campaignId })
    .all(rows);
  return { orders: rows[0].orders, revenue_cents: rows[0].revenue_cents };
}

module.exports = { ordersAfterClicks };
