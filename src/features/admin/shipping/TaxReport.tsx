import { useEffect, useState } from "react";
import { ClientResponseError } from "pocketbase";
import { Button } from "../../../ui/Button";
import { SelectField, TextField } from "../../../ui/form";
import { pb } from "../../../lib/pocketbase";
import { formatCents } from "../../../lib/money";
import { AdminTable } from "../parts";
import { countryName } from "./places";
import own from "./shipping.module.css";

interface Row {
  country: string;
  region: string;
  orders: number;
  goods: number;
  discount: number;
  shipping: number;
  tax: number;
  tax_included: number;
  total: number;
}
interface Report {
  from: string;
  to: string;
  rows: Row[];
  totals: Omit<Row, "country" | "region">;
}

/** The quarters of this year and the last, newest first: [label, from, to]. */
function quarters(now = new Date()): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (let y = now.getUTCFullYear(); y >= now.getUTCFullYear() - 1; y--) {
    for (let q = 3; q >= 0; q--) {
      const from = new Date(Date.UTC(y, q * 3, 1));
      if (from > now) continue;
      out.push([`Q${q + 1} ${y}`, from.toISOString().slice(0, 10), new Date(Date.UTC(y, q * 3 + 3, 0)).toISOString().slice(0, 10)]);
    }
  }
  return out;
}

/** Paid orders per country and US state: goods, discounts, shipping, tax; a CSV of the same. */
export function TaxReport() {
  const choices = quarters();
  const [period, setPeriod] = useState({ from: choices[0][1], to: choices[0][2] });
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let live = true;
    pb.send<Report>("/api/studio/admin/tax-report", { method: "GET", query: period, requestKey: "tax-report" }).then(
      (r) => {
        if (!live) return;
        setReport(r);
        setProblem("");
      },
      (err) => live && !(err instanceof ClientResponseError && err.isAbort) && setProblem(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [period]);

  async function download() {
    try {
      const res = await fetch(pb.buildURL(`/api/studio/admin/tax-report?from=${period.from}&to=${period.to}&format=csv`), { headers: { Authorization: pb.authStore.token } });
      if (!res.ok) throw new Error(((await res.json()) as { message?: string }).message ?? `The report could not be made (${res.status}).`);
      const url = URL.createObjectURL(await res.blob());
      const a = Object.assign(document.createElement("a"), { href: url, download: `tax-and-sales-${period.from}-to-${period.to}.csv` });
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  }

  const quarter = choices.find(([, f, t]) => f === period.from && t === period.to)?.[0] ?? "";
  const cells = (r: Omit<Row, "country" | "region">) => [r.orders, formatCents(r.goods), formatCents(r.discount), formatCents(r.shipping), formatCents(r.tax), formatCents(r.tax_included), formatCents(r.total)];
  return (
    <section className={own.section} aria-labelledby="report-heading">
      <h2 id="report-heading">Tax and sales report</h2>
      <div className={own.reportForm}>
        <SelectField
          label="Quarter"
          value={quarter}
          placeholder="Other dates"
          onChange={(label) => {
            const q = choices.find(([l]) => l === label);
            if (q) setPeriod({ from: q[1], to: q[2] });
          }}
          options={choices.map(([label]) => ({ value: label, label }))}
        />
        <TextField label="From" type="date" value={period.from} onChange={(from) => from && setPeriod((p) => ({ ...p, from }))} />
        <TextField label="To" type="date" value={period.to} onChange={(to) => to && setPeriod((p) => ({ ...p, to }))} />
        <div>
          <Button variant="secondary" onPress={() => void download()}>
            Download CSV
          </Button>
        </div>
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {report && (
        <div className={own.numbers}>
          <AdminTable headers={["Place", "Orders", "Goods", "Discounts", "Shipping", "Tax", "Tax in prices", "Total"]}>
            {report.rows.map((r) => (
              <tr key={r.country + r.region}>
                <td>{r.country ? countryName(r.country) + (r.region ? `, ${r.region}` : "") : "Not recorded"}</td>
                {cells(r).map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              {cells(report.totals).map((c, i) => (
                <td key={i}>
                  <strong>{c}</strong>
                </td>
              ))}
            </tr>
          </AdminTable>
        </div>
      )}
    </section>
  );
}
