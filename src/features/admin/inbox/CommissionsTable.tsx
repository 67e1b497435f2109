import { Suspense } from "react";
import { Button } from "../../../ui/Button";
import { Dialog, useDialogSelection } from "../../../ui/Dialog";
import { CommissionWorkspace, typeLabel, type Commission } from "../../commissions";
import { byNewest } from "../../../lib/catalog";
import { AdminTable } from "../parts";
import { Details, MoneyBadge, NextStepButton, StatusBadge, customerName, date } from "./commissionStatus";
import styles from "../admin.module.css";

/** Every request as the spec's table, newest first, with its details, messages and files in a dialog. */
export function CommissionsTable({ commissions }: { commissions: Commission[] }) {
  const dialog = useDialogSelection<string>();
  const selected = commissions.find((c) => c.id === dialog.selected) ?? null;
  const newestFirst = [...commissions].sort(byNewest);
  return (
    <>
      <AdminTable headers={["Title", "Type", "Contact", "Status", "Created", "Actions"]}>
        {newestFirst.map((c) => (
          <tr key={c.id}>
            <td>{c.title || c.type}</td>
            <td>{typeLabel(c.type)}</td>
            <td>
              {c.contact_name && <div>{c.contact_name}</div>}
              <div className="muted">{c.contact_email}</div>
            </td>
            <td>
              <StatusBadge status={c.status} /> <MoneyBadge c={c} />
            </td>
            <td>{date(c.created)}</td>
            <td className={styles.actions}>
              <Button size="small" variant="secondary" onPress={() => dialog.open(c.id)}>
                View Details
              </Button>
              <NextStepButton c={c} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Dialog isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} title={selected ? `${typeLabel(selected.type)} for ${customerName(selected)}` : "Commission"} width={700}>
        {selected && (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <CommissionWorkspace commissionId={selected.id} viewer="admin" details={<Details c={selected} />} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
