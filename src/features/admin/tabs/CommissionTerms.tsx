import { useEffect, useRef } from "react";
import { z } from "zod";
import type { RecordModel } from "pocketbase";
import { SubmitButton, TextField, useForm } from "../../../ui/form";
import { toast } from "../../../ui/toast";
import { useLiveList } from "../../../lib/useLiveList";
import { pb } from "../../../lib/pocketbase";
import type { Terms } from "../../commissions/terms";
import styles from "../admin.module.css";

const saveTerms = (text: string) => pb.send<{ terms: Terms; repeated: boolean }>("/api/studio/commission-terms", { method: "POST", body: { text } });

interface TermsVersion extends RecordModel {
  version: number;
  text: string;
  digest: string;
  created: string;
}

const schema = z.object({ text: z.string().trim().min(1, "Please write the terms before saving them.").max(20000, "The terms can be at most 20,000 characters.") });

const day = (iso: string) => new Date(iso.replace(" ", "T")).toLocaleDateString("en-US", { dateStyle: "medium" });

/**
 * The studio's commission terms: each save that changes them is a new version, which every new
 * request must accept; a request keeps the version it accepted (decision 025).
 */
export function CommissionTerms() {
  const { items, error } = useLiveList<TermsVersion>("commission_terms", "", "-version");
  const current = items?.[0];
  const form = useForm(schema, { text: "" });
  const loaded = useRef(false);
  const { setValues } = form;

  useEffect(() => {
    if (loaded.current || !items) return;
    loaded.current = true;
    setValues({ text: items[0]?.text ?? "" });
  }, [items, setValues]);

  async function save() {
    await form.submit(async (v) => {
      try {
        const { terms, repeated } = await saveTerms(v.text);
        toast(repeated ? { title: "No change", description: `These are the terms of version ${terms.version} already.` } : { title: `Version ${terms.version} saved`, description: "New requests accept this version." });
      } catch (err) {
        toast({ title: "The terms were not saved", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
      }
    });
  }

  if (error) return <p className="error-text">Could not load the terms</p>;
  if (!items) return <p className="muted">Loading...</p>;
  return (
    <div className={styles.manager}>
      <p className="muted">
        {current
          ? `Version ${current.version}, saved ${day(current.created)}. A request must accept the current version; saving a change makes a new one, and earlier requests keep the version they accepted.`
          : "No terms yet: requests are sent without accepting any. Once saved, every new request must accept them."}
      </p>
      <form
        className={styles.form}
        aria-label="Commission terms"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label="Commission terms" multiline value={form.values.text} onChange={(v) => form.set("text", v)} error={form.errors.text} description="Refunds, revisions, usage rights: what a customer agrees to with a request." isRequired />
        <div className={styles.formActions}>
          <SubmitButton saving={form.saving} savingText="Saving...">
            {current ? "Save as a new version" : "Save the terms"}
          </SubmitButton>
        </div>
      </form>
      {items.length > 1 && (
        <details>
          <summary>Earlier versions ({items.length - 1})</summary>
          {items.slice(1).map((t) => (
            <section key={t.id}>
              <h3>
                Version {t.version}, {day(t.created)}
              </h3>
              <p className={`${styles.prewrap} muted`}>{t.text}</p>
            </section>
          ))}
        </details>
      )}
    </div>
  );
}
