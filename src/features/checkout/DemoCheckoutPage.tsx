import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "../../ui/Button";
import { pb } from "../../lib/pocketbase";
import { formatCents } from "../../lib/money";
import { countryName } from "../cart/shipTo";
import { fetchSession, type SessionSummary } from "./session";
import styles from "./checkout.module.css";

const FIELDS = [
  ["name", "Full name", "name"],
  ["email", "Email", "email"],
  ["line1", "Address", "address-line1"],
  ["line2", "Apartment, suite (optional)", "address-line2"],
  ["city", "City", "address-level2"],
  ["state", "State / region", "address-level1"],
  ["postal_code", "Postal code", "postal-code"],
  ["country", "Country", "country"],
] as const;

type Field = (typeof FIELDS)[number][0];

/** "New York, United States" for a US state, else the country's name. */
const placeName = (country: string, region?: string) => (region ? `${region}, ${countryName(country)}` : countryName(country));

/**
 * The built-in demo payment provider's hosted page (used when no Stripe key is configured):
 * shows the server-priced order and pays or cancels it. No card is charged.
 */
export function DemoCheckoutPage() {
  const [params] = useSearchParams();
  const id = params.get("session_id") ?? "";
  const navigate = useNavigate();
  const [session, setSession] = useState<SessionSummary | null>(null);
  // A commission payment or an order of downloads alone ships nothing: name and address only.
  const contactOnly = !!session?.commission || session?.ships === false;
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const me = pb.authStore.record;
  const [values, setValues] = useState<Record<Field, string>>({
    name: me ? [me.first_name, me.last_name].filter(Boolean).join(" ") : "",
    email: me?.email ?? "",
    line1: "",
    line2: "",
    city: "",
    state: "",
    postal_code: "",
    country: "US",
  });

  useEffect(() => {
    if (!id) return;
    fetchSession(id).then((s) => {
      setSession(s);
      // The address starts in the country the order was priced for, as Stripe's page would.
      if (s.ship_country) setValues((v) => ({ ...v, country: s.ship_country!, state: s.ship_region || v.state }));
      else if (s.allowed_countries?.length && !s.allowed_countries.includes(values.country)) setValues((v) => ({ ...v, country: s.allowed_countries![0] }));
    }, (err) => setError(err instanceof Error ? err.message : String(err)));
    // Only when the session changes: the fields typed since stay as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function pay(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    const { name, email, ...address } = values;
    try {
      await pb.send(`/api/studio/checkout/${id}/pay`, {
        method: "POST",
        body: { customer: { name, email }, ...(contactOnly ? {} : { shipping: { name, address } }) },
      });
      navigate(session?.commission ? `/customer/dashboard?commission=${session.commission}` : `/checkout/success?session_id=${encodeURIComponent(id)}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  async function cancel() {
    setBusy(true);
    await pb.send(`/api/studio/checkout/${id}/cancel`, { method: "POST" }).catch(() => undefined);
    navigate(session?.commission ? `/customer/dashboard?commission=${session.commission}` : "/checkout/canceled");
  }

  if (!id) return <div className="container section error-text">This page needs a checkout session.</div>;
  return (
    <div className={`container section ${styles.demo}`}>
      <div>
        <p className="eyebrow">Demo payment page</p>
        <h1>Pay Lanternwood Studio</h1>
        <p className="muted">This shop runs without a payment provider, so this page stands in for Stripe's hosted checkout. Paying here charges nothing and records the order exactly as a real payment would.</p>
        {session && (
          <table className={styles.order}>
            <caption className="visually-hidden">Your order</caption>
            <tbody>
              {session.lines.map((l, i) => (
                <tr key={i}>
                  <td>
                    {l.title} × {l.quantity}
                    {l.code_excluded && !!session.discount_code && <span className={styles.leftOut}> · not covered by {session.discount_code}</span>}
                  </td>
                  <td>{formatCents(l.unit_amount * l.quantity)}</td>
                </tr>
              ))}
              {!!session.discount_code && !!session.discount && (
                <tr>
                  <td>Discount ({session.discount_code})</td>
                  <td>-{formatCents(session.discount)}</td>
                </tr>
              )}
              {!session.commission && (
                <tr>
                  <td>{session.ship_country ? `Shipping to ${placeName(session.ship_country, session.ship_region)}` : session.shipping_zone_name ? `Shipping to ${session.shipping_zone_name}` : "Shipping"}</td>
                  <td>{formatCents(session.shipping)}</td>
                </tr>
              )}
              {!!session.tax && (
                <tr>
                  <td>{session.tax_label || "Tax"}</td>
                  <td>{formatCents(session.tax)}</td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{formatCents(session.amount_total)}</td>
              </tr>
              {!!session.tax_included && (
                <tr>
                  <td>Prices include tax</td>
                  <td>{formatCents(session.tax_included)}</td>
                </tr>
              )}
            </tfoot>
          </table>
        )}
      </div>
      {session && session.status !== "open" ? (
        <p className={styles.notice}>This checkout is {session.status}.</p>
      ) : (
        <form className={styles.form} onSubmit={pay}>
          <h2>{contactOnly ? "Contact" : "Contact and shipping"}</h2>
          {FIELDS.filter(([key]) => !contactOnly || key === "name" || key === "email").map(([key, label, autoComplete]) => {
            const onChange = (value: string) => setValues((v) => ({ ...v, [key]: value }));
            // The place the order was priced for is kept, as Stripe's page keeps its countries:
            // its shipping and tax are that place's.
            const fixed = (key === "country" && session?.allowed_countries?.length === 1) || (key === "state" && !!session?.ship_region && values.country === "US");
            if (fixed) {
              return (
                <label key={key}>
                  {label}
                  <input name={key} autoComplete={autoComplete} readOnly value={key === "country" ? countryName(values.country) : values.state} aria-describedby="demo-priced-place" />
                </label>
              );
            }
            if (key === "country" && session?.allowed_countries?.length) {
              // The label names the select alone: wrapped round it, its text would hold every option's.
              return (
                <div key={key} className={styles.field}>
                  <label htmlFor="demo-country">{label}</label>
                  <select id="demo-country" name={key} autoComplete={autoComplete} required value={values.country} onChange={(e) => onChange(e.target.value)} disabled={busy}>
                    {session.allowed_countries
                      .map((code) => ({ code, name: countryName(code) }))
                      .sort((a, b) => a.name.localeCompare(b.name, "en"))
                      .map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.name}
                        </option>
                      ))}
                  </select>
                </div>
              );
            }
            return (
              <label key={key}>
                {label}
                <input
                  name={key}
                  autoComplete={autoComplete}
                  type={key === "email" ? "email" : "text"}
                  required={key !== "line2" && key !== "state"}
                  value={values[key]}
                  onChange={(e) => onChange(e.target.value)}
                  disabled={busy}
                />
              </label>
            );
          })}
          {session?.ships === false && <p className="muted">Downloads need no address: your files are on your order's page once you have paid.</p>}
          {!contactOnly && session?.ship_country && session.allowed_countries?.length === 1 && (
            <p id="demo-priced-place" className="muted">
              Shipping and tax were worked out for {placeName(session.ship_country, session.ship_region)} in your cart. To ship somewhere else, cancel and choose the place in the cart.
            </p>
          )}
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" variant="accent" isDisabled={busy || !session}>
              {busy ? "Paying..." : `Pay ${session ? formatCents(session.amount_total) : ""}`}
            </Button>
            <Button variant="ghost" onPress={cancel} isDisabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
