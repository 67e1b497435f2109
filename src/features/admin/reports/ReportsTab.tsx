// The studio's reports (tablet first): one range for all of them, each report beside the period
// before, the definitions next to the figures, and a CSV of every table. Loaded when the tab opens.
import { useMemo, useState } from "react";
import { Tabs } from "../../../ui/Tabs";
import { SelectField, TextField } from "../../../ui/form";
import { formatDay } from "../../../lib/dates";
import { useReport, type Range } from "./useReport";
import { ReportTable } from "./ReportTable";
import own from "./reports.module.css";

const REPORTS: [string, string][] = [
  ["money", "Money"],
  ["pieces", "Pieces"],
  ["sources", "Where buyers came from"],
  ["funnel", "Funnel"],
  ["stories", "Stories"],
  ["commissions", "Commissions"],
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Ranges the studio asks for most, as of today (UTC, as the tallies are kept): [label, from, to]. */
function presets(now = new Date()): [string, string, string][] {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const q = Math.floor(m / 3) * 3;
  return [
    ["Last 30 days", day(new Date(now.getTime() - 29 * 86400000)), day(now)],
    ["This month", day(new Date(Date.UTC(y, m, 1))), day(now)],
    ["Last month", day(new Date(Date.UTC(y, m - 1, 1))), day(new Date(Date.UTC(y, m, 0)))],
    ["This quarter", day(new Date(Date.UTC(y, q, 1))), day(now)],
    ["Last quarter", day(new Date(Date.UTC(y, q - 3, 1))), day(new Date(Date.UTC(y, q, 0)))],
    ["This year", `${y}-01-01`, day(now)],
    ["Last year", `${y - 1}-01-01`, `${y - 1}-12-31`],
  ];
}

export default function ReportsTab() {
  const choices = useMemo(() => presets(), []);
  const [range, setRange] = useState<Range>({ from: choices[0][1], to: choices[0][2] });
  const [report, setReport] = useState("money");
  const preset = choices.find(([, f, t]) => f === range.from && t === range.to)?.[0] ?? "";
  return (
    <div className={own.reports}>
      <h2 className="visually-hidden">Reports</h2>
      <div className={own.range} role="group" aria-label="Days of the reports">
        <SelectField
          label="Period"
          value={preset}
          placeholder="Other dates"
          onChange={(label) => {
            const p = choices.find(([l]) => l === label);
            if (p) setRange({ from: p[1], to: p[2] });
          }}
          options={choices.map(([label]) => ({ value: label, label }))}
        />
        <TextField label="From" type="date" value={range.from} onChange={(from) => from && setRange((r) => ({ ...r, from }))} />
        <TextField label="To" type="date" value={range.to} onChange={(to) => to && setRange((r) => ({ ...r, to }))} />
      </div>
      <Tabs label="Reports" selectedKey={report} onSelectionChange={setReport} tabs={REPORTS.map(([id, label]) => ({ id, label, content: <ReportView name={id} range={range} /> }))} />
    </div>
  );
}

function ReportView({ name, range }: { name: string; range: Range }) {
  const { report, asOf, problem, loading } = useReport(name, range);
  if (problem)
    return (
      <p className="error-text" role="alert">
        {problem}
      </p>
    );
  if (!report) return <p className="muted">{loading ? "Loading..." : ""}</p>;
  const shown = { from: report.from, to: report.to };
  return (
    <div className={own.reports} aria-busy={loading}>
      {asOf && (
        <p className={own.asOf} role="status">
          No connection: this is the report as of {new Date(asOf).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}, for {formatDay(report.from)} to {formatDay(report.to)}.
        </p>
      )}
      <p className={own.period}>
        {formatDay(report.from)} to {formatDay(report.to)}, beside the {formatDay(report.before.from)} to {formatDay(report.before.to)} before it.
      </p>
      <ul className={own.notes} aria-label="How these figures are counted">
        {report.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      {report.tables.map((t) => (
        <ReportTable key={t.key} name={name} table={t} range={shown} offline={!!asOf} />
      ))}
    </div>
  );
}
