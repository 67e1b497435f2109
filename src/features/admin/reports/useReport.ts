// One report for a range, from the server, kept on the tablet: the last answer of each report is
// stored, so with no signal the screen still shows it, marked with the time it was read.
import { useEffect, useState } from "react";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../../lib/pocketbase";

export type ColumnKind = "text" | "count" | "money" | "percent" | "days";
export interface Column {
  key: string;
  label: string;
  kind: ColumnKind;
}
export type Row = Record<string, string | number | null>;
export interface Table {
  key: string;
  title: string;
  columns: Column[];
  rows: Row[];
  total: Row | null;
}
export interface Report {
  name: string;
  from: string;
  to: string;
  before: { from: string; to: string };
  notes: string[];
  tables: Table[];
}
export interface Range {
  from: string;
  to: string;
}

const STORE_KEY = "studio-reports";

interface Kept {
  report: Report;
  at: string;
}

function keptReports(): Record<string, Kept> {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? "{}") as Record<string, Kept>;
  } catch {
    return {};
  }
}

function keep(report: Report) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ ...keptReports(), [report.name]: { report, at: new Date().toISOString() } }));
  } catch {
    // A full storage keeps the older copy; the screen still shows the fresh one.
  }
}

/** Forgets every kept report: the studio signed out. */
export function forgetReports() {
  localStorage.removeItem(STORE_KEY);
}

/**
 * The report `name` for `range`: { report, asOf } where asOf is set when the report shown is the one
 * kept from an earlier reading (no signal), and { problem } when the server refused the range.
 */
export function useReport(name: string, range: Range) {
  const [state, setState] = useState<{ report: Report | null; asOf: string; problem: string; loading: boolean }>({ report: null, asOf: "", problem: "", loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    pb.send<Report>(`/api/studio/reports/${name}`, { method: "GET", query: { ...range }, requestKey: `report-${name}` }).then(
      (report) => {
        if (!live) return;
        keep(report);
        setState({ report, asOf: "", problem: "", loading: false });
      },
      (err: unknown) => {
        if (!live || (err instanceof ClientResponseError && err.isAbort)) return;
        const status = err instanceof ClientResponseError ? err.status : 0;
        if (status >= 400 && status < 500) {
          setState({ report: null, asOf: "", problem: (err as ClientResponseError).message, loading: false });
          return;
        }
        const kept = keptReports()[name];
        setState({ report: kept?.report ?? null, asOf: kept?.at ?? "", problem: kept ? "" : "This report could not be read, and none was kept on this device yet.", loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [name, range]);
  return state;
}

/** Downloads one table of a report as the server writes it (the studio's one CSV writer). */
export async function downloadCsv(name: string, table: string, range: Range) {
  const res = await fetch(pb.buildURL(`/api/studio/reports/${name}.csv?table=${table}&from=${range.from}&to=${range.to}`), { headers: { Authorization: pb.authStore.token } });
  if (!res.ok) throw new Error(((await res.json()) as { message?: string }).message ?? `The file could not be made (${res.status}).`);
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: `${name}-${table}-${range.from}-to-${range.to}.csv` });
  a.click();
  URL.revokeObjectURL(url);
}
