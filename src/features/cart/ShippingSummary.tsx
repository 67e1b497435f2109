import { useId } from "react";
import { formatCents } from "../../lib/money";
import { countryName, setShipTo, usePlaces, useShipTo, type PreviewState } from "./shipTo";
import styles from "./Cart.module.css";

/**
 * The country picker (and the US state, when sales tax needs it) with the server's price for that place.
 * An order of downloads alone ships nowhere, but its buyer's country still decides its tax and terms.
 */
export function ShipToPicker({ disabled, downloadsOnly }: { disabled?: boolean; downloadsOnly?: boolean }) {
  const places = usePlaces();
  const { country, region } = useShipTo();
  const codes = places?.countries ?? (country ? [country] : []);
  const options = codes.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
  const needsState = country === "US" && !!places?.us_states.length;
  const id = useId();
  // Each label names its select alone: wrapped round it, its text would hold every option's.
  return (
    <div className={styles.shipTo}>
      <div>
        <label htmlFor={`${id}-country`}>{downloadsOnly ? "Your country" : "Ship to"}</label>
        <select id={`${id}-country`} value={country} onChange={(e) => setShipTo(e.target.value)} disabled={disabled} autoComplete="shipping country">
          {!country && <option value="">Choose a country</option>}
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      {needsState && (
        <div>
          <label htmlFor={`${id}-state`}>State</label>
          <select id={`${id}-state`} value={region} onChange={(e) => setShipTo(country, e.target.value)} disabled={disabled} autoComplete="shipping address-level1">
            <option value="">Choose a state</option>
            {places!.us_states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

/** Goods, shipping to the chosen country, discount, tax and total, as checkout will charge them. */
export function PriceSummary({ preview, subtotal }: { preview: PreviewState; subtotal: number }) {
  const { country } = useShipTo();
  const place = country ? countryName(country) : "your country";
  if (preview.state !== "priced") {
    return (
      <>
        <dl className={styles.summary}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(Math.round(subtotal * 100))}</dd>
          </div>
          {preview.state === "needs-state" ? (
            <div className={styles.note}>
              <dt>Shipping</dt>
              <dd>Choose a state to see shipping</dd>
            </div>
          ) : (
            <div>
              <dt>Shipping to {place}:</dt>
              <dd>{preview.state === "refused" ? "Not available" : preview.state === "offline" ? "Priced when online" : "…"}</dd>
            </div>
          )}
        </dl>
        {preview.state === "refused" && (
          <p className={`error-text ${styles.refusal}`} role="alert">
            {preview.message}
          </p>
        )}
      </>
    );
  }
  const p = preview.price;
  const days = p.delivery_estimate;
  // "−$2.80" on a cart with an original must not read as a broken code: name what it skips.
  const leftOut = p.discount > 0 ? p.lines.filter((l) => l.code_excluded).map((l) => l.title) : [];
  return (
    <dl className={styles.summary} aria-live="polite">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(p.subtotal)}</dd>
      </div>
      {p.discount > 0 && (
        <div>
          <dt>Discount ({p.discount_code})</dt>
          <dd>-{formatCents(p.discount)}</dd>
        </div>
      )}
      {leftOut.length > 0 && (
        <div className={styles.note}>
          <dt>Not covered by {p.discount_code}</dt>
          <dd>{leftOut.join(", ")}</dd>
        </div>
      )}
      {p.ships === false ? (
        <div className={styles.note}>
          <dt>Shipping</dt>
          <dd>None: downloads need no shipping and no address</dd>
        </div>
      ) : (
        <div>
          <dt>Shipping to {place}:</dt>
          <dd>{p.shipping ? formatCents(p.shipping) : p.free_shipping ? `Free with ${p.discount_code}` : "Free"}</dd>
        </div>
      )}
      {days && (days.min_days || days.max_days) && (
        <div className={styles.estimate}>
          <dt>Delivery</dt>
          <dd>{days.min_days && days.max_days ? `${days.min_days}–${days.max_days}` : days.max_days || days.min_days} business days</dd>
        </div>
      )}
      {p.tax > 0 && (
        <div>
          <dt>{p.tax_label || "Tax"}</dt>
          <dd>{formatCents(p.tax)}</dd>
        </div>
      )}
      {p.tax_mode === "stripe" && (
        <div>
          <dt>Tax</dt>
          <dd>Calculated on the payment page</dd>
        </div>
      )}
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{formatCents(p.total)}</dd>
      </div>
      {p.tax_included > 0 && (
        <div className={styles.estimate}>
          <dt>Includes tax</dt>
          <dd>{formatCents(p.tax_included)}</dd>
        </div>
      )}
    </dl>
  );
}
