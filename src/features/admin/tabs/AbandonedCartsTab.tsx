import type { RecordModel } from "pocketbase";
import { useState } from "react";
import { formatPrice } from "../../../lib/money";
import { pb } from "../../../lib/pocketbase";
import { useLiveList } from "../../../lib/useLiveList";
import { Button } from "../../../ui/Button";
import { Dialog, useDialogSelection } from "../../../ui/Dialog";
import { toast } from "../../../ui/toast";
import { AdminTable } from "../parts";
import styles from "../admin.module.css";
import { CartReminders } from "./CartReminders";

interface AbandonedCart extends RecordModel {
  session_id: string;
  cart_items: { id: string; type: string; title: string; price: number | null; quantity: number; variant?: string; size?: string; color?: string }[];
  total_price: number;
  user_email: string;
  user_name: string;
  last_activity: string;
  created: string;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function AbandonedCartsTab() {
  return (
    <>
      <AbandonedCarts />
      <CartReminders />
    </>
  );
}

function AbandonedCarts() {
  const { items, error, catchUp } = useLiveList<AbandonedCart>("abandoned_carts", "is_converted = false", "-created");
  const dialog = useDialogSelection<AbandonedCart>();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(cart: AbandonedCart) {
    setDeleting(cart.id);
    try {
      // Deleted by its stored session id (SPEC §4).
      const found = await pb.collection("abandoned_carts").getFirstListItem(pb.filter("session_id = {:s}", { s: cart.session_id }));
      await pb.collection("abandoned_carts").delete(found.id);
      toast({ title: "Abandoned cart deleted" });
      dialog.onOpenChange(false);
      void catchUp();
    } catch {
      toast({ title: "Failed to delete abandoned cart", tone: "error" });
    } finally {
      setDeleting(null);
    }
  }

  if (error) return <p className="error-text">Failed to load abandoned carts</p>;
  if (!items) return <p className="muted">Loading...</p>;
  if (!items.length) return <p className="empty-state">No abandoned carts right now.</p>;
  const c = dialog.selected;
  return (
    <>
      <AdminTable headers={["Date", "Items", "Total", "Last Activity", "Customer", "Actions"]}>
            {items.map((cart) => (
              <tr key={cart.id}>
                <td>{when(cart.created)}</td>
                <td>{cart.cart_items.reduce((n, i) => n + i.quantity, 0)}</td>
                <td>{formatPrice(cart.total_price)}</td>
                <td>{when(cart.last_activity)}</td>
                <td>{cart.user_name || cart.user_email || "Guest"}</td>
                <td className={styles.actions}>
                  <Button size="small" variant="secondary" onPress={() => dialog.open(cart)}>
                    View Details
                  </Button>
                  <Button size="small" variant="danger" onPress={() => void remove(cart)} isDisabled={deleting === cart.id} aria-label={`Delete cart from ${when(cart.created)}`}>
                    {deleting === cart.id ? "Deleting..." : "Delete"}
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
      <Dialog isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} title="Cart Details" width={680}>
        {c && (
          <div className={styles.details}>
            <dl>
              <div><dt>Created</dt><dd>{when(c.created)}</dd></div>
              <div><dt>Last activity</dt><dd>{when(c.last_activity)}</dd></div>
              <div><dt>Customer</dt><dd>{[c.user_name, c.user_email].filter(Boolean).join(" · ") || "Guest"}</dd></div>
              <div><dt>Session id</dt><dd className={styles.mono}>{c.session_id}</dd></div>
            </dl>
            <AdminTable headers={["Product", "Type", "Variant", "Price", "Qty", "Total"]}>
                  {c.cart_items.map((i, n) => (
                    <tr key={n}>
                      <td>{i.title}</td>
                      <td>{i.type}</td>
                      <td>{[i.variant, i.size, i.color].filter(Boolean).join(" · ") || "—"}</td>
                      <td>{formatPrice(i.price)}</td>
                      <td>{i.quantity}</td>
                      <td>{formatPrice((i.price ?? 0) * i.quantity)}</td>
                    </tr>
                  ))}
                </AdminTable>
          </div>
        )}
      </Dialog>
    </>
  );
}
