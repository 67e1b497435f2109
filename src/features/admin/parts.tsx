import type { ReactNode } from "react";
import { Button } from "../../ui/Button";
import styles from "./admin.module.css";

/** The admin's tables: a scrollable frame, column headers, and the rows given. */
export function AdminTable({ headers, children }: { headers: string[]; children: ReactNode }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Edit and Delete for one record, Delete reading Deleting... while it runs. */
export function EditDelete({ name, onEdit, onDelete, deleting }: { name: string; onEdit?: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <div className={styles.actions}>
      {onEdit && (
        <Button size="small" variant="secondary" onPress={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
      <Button size="small" variant="danger" onPress={onDelete} isDisabled={deleting} aria-label={`Delete ${name}`}>
        {deleting ? "Deleting..." : "Delete"}
      </Button>
    </div>
  );
}
