import { useState } from "react";
import { Button } from "../../../ui/Button";
import { formatCents } from "../../../lib/money";
import { useOnline } from "../../../lib/pwa";
import { AdminTable } from "../parts";
import { downloadCsv, type Column, type Range, type Row, type Table } from "./useReport";
import own from "./reports.module.css";

function cell(column: Column, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  if (column.kind === "money") return formatCents(Number(value));
  if (column.kind === "percent") return `${Number(value).toLocaleString("en-US", { maximumFractionDigits: 2 })} %`;
  if (column.kind === "count" || column.kind === "days") return Number(value).toLocaleString("en-US");
  return String(value);
}

/** One table of a report, with its total and the file of the same rows. */
export function ReportTable({ name, table, range, offline }: { name: string; table: Table; range: Range; offline: boolean }) {
  const online = useOnline();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const headingId = `report-${name}-${table.key}`;
  const line = (r: Row, strong: boolean) =>
    table.columns.map((c, i) =>
      i === 0 ? (
        <th key={c.key} scope="row">
          {strong ? <strong>{cell(c, r[c.key])}</strong> : cell(c, r[c.key])}
        </th>
      ) : (
        <td key={c.key}>{strong ? <strong>{cell(c, r[c.key])}</strong> : cell(c, r[c.key])}</td>
      ),
    );
  return (
    <section className={own.table} aria-labelledby={headingId}>
      <div className={own.tableHead}>
        <h3 id={headingId}>{table.title}</h3>
        <Button
          size="small"
          variant="secondary"
          isDisabled={busy || !online || offline}
          aria-label={`Download ${table.title} as CSV`}
          onPress={() => {
            setBusy(true);
            setProblem("");
            downloadCsv(name, table.key, range)
              .catch((err: unknown) => setProblem(err instanceof Error ? err.message : String(err)))
              .finally(() => setBusy(false));
          }}
        >
          Download CSV
        </Button>
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {table.rows.length === 0 ? (
        <p className="muted">Nothing counted in these days.</p>
      ) : (
        <div className={own.numbers}>
          <AdminTable headers={table.columns.map((c) => c.label)}>
            {table.rows.map((r, i) => (
              <tr key={i}>{line(r, false)}</tr>
            ))}
            {table.total && <tr className={own.total}>{line(table.total, true)}</tr>}
          </AdminTable>
        </div>
      )}
    </section>
  );
}
