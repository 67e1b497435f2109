import { Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Badge } from "../../ui/Badge";
import { Button, LinkButton } from "../../ui/Button";
import { formatCents, formatPrice } from "../../lib/money";
import { pb } from "../../lib/pocketbase";
import { AccountSettings, AuthDialog, signOut, useAuth } from "../account";
import CommissionWorkspace from "./CommissionWorkspace";
import { WaitlistNotice } from "./WaitlistNotice";
import { useLiveList } from "../../lib/useLiveList";
import { typeLabel, type Commission } from "./types";
import { PayButton } from "./PayButton";
import type { Quote } from "./money";
import { keep, kept } from "./kept";
import { dayOf, fetchMyOrders, OrderDownloads, OrderTimeline, type Order } from "../orders";
import styles from "./commissions.module.css";

const STATUS_TONE = { "Not Started": "neutral", "In Progress": "lantern", Complete: "moss", Declined: "neutral", Cancelled: "neutral" } as const;
const ORDER_TONE = { unfulfilled: "lantern", partly_shipped: "sea", shipped: "sea", delivered: "moss", refunded: "coral" } as const;

/** The customer's orders, each with its timeline; offline, the ones seen last time. */
function Orders() {
  const [items, setItems] = useState<Order[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let stopped = false;
    const load = () =>
      fetchMyOrders()
        .then((r) => {
          if (stopped) return;
          setItems(r.items);
          setError(false);
          keep("orders", r.items);
        })
        .catch(() => {
          if (stopped) return;
          const seen = kept<Order[]>("orders");
          if (seen) setItems(seen);
          else setError(true);
        });
    void load();
    window.addEventListener("online", load);
    return () => {
      stopped = true;
      window.removeEventListener("online", load);
    };
  }, []);
  if (error) return <p className="error-text">Failed to load purchase history</p>;
  if (!items) return <p className="muted">Loading...</p>;
  if (!items.length) return <p className="empty-state">No purchases yet. The gallery is a good place to start.</p>;
  return (
    <ul className={styles.commissionList}>
      {items.map((o) => (
        <li key={o.id} className={styles.commissionItem}>
          <div className={styles.commissionHead}>
            <div>
              <h3>Order of {dayOf(o.paid_at)}</h3>
              <p className="muted" style={{ margin: 0 }}>
                {o.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")} · {formatCents(o.amounts.total)}
              </p>
            </div>
            <Badge tone={ORDER_TONE[o.status] ?? "neutral"}>{o.status_label}</Badge>
            {o.page && (
              <LinkButton variant="secondary" size="small" href={o.page} aria-label={`Open order of ${dayOf(o.paid_at)}`}>
                Open order
              </LinkButton>
            )}
          </div>
          <OrderTimeline order={o} label={`Progress of the order of ${dayOf(o.paid_at)}`} />
          <OrderDownloads order={o} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}

/** Until the studio first answers: "Waiting for the studio, N days" (decision 025). */
function Waiting({ c }: { c: Commission }) {
  if (c.answered_at || !c.waiting_since) return null;
  const days = Math.floor((Date.now() - new Date(c.waiting_since.replace(" ", "T")).getTime()) / 86_400_000);
  return <p className={styles.waiting}>{days < 1 ? "Waiting for the studio, since today" : `Waiting for the studio, ${days} ${days === 1 ? "day" : "days"}`}</p>;
}

/** Where the commission's money stands, and the next payment as one button. */
function CommissionMoney({ c }: { c: Commission }) {
  const quotes = useLiveList<Quote>("commission_quotes", pb.filter("commission = {:id}", { id: c.id }), "-created").items;
  const due = quotes?.find((q) => q.status === "open" || q.status === "deposit_paid");
  if (c.total_price === 0 && !due) return null;
  return (
    <div className={styles.commissionHead}>
      <span>
        {c.payment_status} · paid {formatPrice(c.amount_paid)} of {formatPrice(c.total_price)}
      </span>
      {due && <PayButton quote={due} />}
    </div>
  );
}

function Commissions({ userId }: { userId: string }) {
  const live = useLiveList<Commission>("commissions", pb.filter("user = {:id}", { id: userId }), "-created");
  useEffect(() => keep("commissions", live.items), [live.items]);
  // Offline, the requests seen last time stay readable (their quotes and receipts too: MoneyPanel).
  const items = live.items ?? (live.error ? kept<Commission[]>("commissions") : null);
  const error = live.error && !items;
  // Back from a payment page: that commission opens at its payments.
  const [params] = useSearchParams();
  const returnedTo = params.get("commission");
  const [open, setOpen] = useState<string | null>(returnedTo);
  if (error) return <p className="error-text">Could not load commission requests</p>;
  if (!items) return <p className="muted">Loading...</p>;
  if (!items.length) return <p className="empty-state">No commission requests yet.</p>;
  return (
    <ul className={styles.commissionList}>
      {items.map((c) => (
        <li key={c.id} className={styles.commissionItem}>
          <div className={styles.commissionHead}>
            <div>
              <h3>{typeLabel(c.type)}</h3>
              <p className="muted" style={{ margin: 0 }}>
                Requested {new Date(c.created).toLocaleDateString("en-US", { dateStyle: "medium" })}
              </p>
              <Waiting c={c} />
            </div>
            <Badge tone={STATUS_TONE[c.status] ?? "neutral"}>{c.status}</Badge>
            <Button variant="secondary" size="small" onPress={() => setOpen(open === c.id ? null : c.id)} aria-expanded={open === c.id}>
              {open === c.id ? "Close conversation" : "Open conversation"}
            </Button>
          </div>
          <p style={{ margin: 0 }}>{c.description}</p>
          <CommissionMoney c={c} />
          <WaitlistNotice c={c} />
          {open === c.id && <CommissionWorkspace commissionId={c.id} viewer="customer" initialTab={c.id === returnedTo ? "money" : undefined} />}
        </li>
      ))}
    </ul>
  );
}

export function DashboardPage() {
  const { user, loading } = useAuth();
  const [signInOpen, setSignInOpen] = useState(false);
  if (loading && !user) return <div className="container section muted">Loading...</div>;
  if (!user) {
    return (
      <div className="container section">
        <h1>Your account</h1>
        <p className="muted">Sign in to see your purchases and commissions.</p>
        <Button onPress={() => setSignInOpen(true)}>Sign in</Button>
        {signInOpen && (
          <Suspense fallback={null}>
            <AuthDialog isOpen={signInOpen} onOpenChange={setSignInOpen} />
          </Suspense>
        )}
      </div>
    );
  }
  return (
    <div className={`container section ${styles.dashboard}`}>
      <header className="section-heading">
        <div>
          <p className="eyebrow">Your account</p>
          <h1>Hello, {user.first_name || user.email}</h1>
        </div>
        <Button variant="ghost" onPress={signOut}>
          Sign out
        </Button>
      </header>
      <section aria-labelledby="commissions-heading">
        <h2 id="commissions-heading">Your commissions</h2>
        <Commissions userId={user.id} />
      </section>
      <section aria-labelledby="purchases-heading">
        <h2 id="purchases-heading">Your purchases</h2>
        <Orders />
      </section>
      <section aria-labelledby="address-heading">
        <h2 id="address-heading">Your email address</h2>
        <Suspense fallback={null}>
          <AccountSettings />
        </Suspense>
      </section>
    </div>
  );
}
