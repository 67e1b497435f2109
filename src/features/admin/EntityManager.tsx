import { useState, type ReactNode } from "react";
import type { RecordModel } from "pocketbase";
import type { z } from "zod";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast";
import { SubmitButton } from "../../ui/form";
import { createWithProgress, updateWithProgress } from "../../lib/upload";
import { pb } from "../../lib/pocketbase";
import { useLiveList } from "../../lib/useLiveList";
import { FieldEditor } from "./FieldEditor";
import { emptyValues, toFormData, valuesFrom, type FieldSpec, type FormValues } from "./formValues";
import styles from "./admin.module.css";

export interface ListActions<T> {
  edit: (item: T) => void;
  remove: (item: T) => void;
  deleting: string | null;
}

export interface EntityConfig<T extends RecordModel> {
  collection: string;
  noun: string;
  addLabel: string;
  dialogTitle: (editing: boolean) => string;
  fields: FieldSpec[];
  defaults?: FormValues;
  /** Field-level rules (zod, on the form values). */
  schema: z.ZodType;
  /** Whole-form rules that speak in a toast (SPEC's titled messages); return null when fine. */
  check?: (values: FormValues) => { title: string; description: string; field?: string } | null;
  sort?: string;
  loadingText?: string;
  emptyText: string;
  confirmText: string;
  texts: { created: string; updated: string; saveFailed: [string, string]; deleted: string; deleteFailed: [string, string] };
  renderList: (items: T[], actions: ListActions<T>) => ReactNode;
  /** Extra content above the list, e.g. a status banner. */
  header?: ReactNode;
  tagNames?: string[];
  /** What the editor of one saved item shows above its fields (who waits for it). */
  aboutItem?: (item: T) => ReactNode;
  /** Whether Add shows for the current list (the artist profile is a single row). */
  canAdd?: (items: T[]) => boolean;
}

/** A catalogue collection in the admin: live list, add/edit in the one dialog with upload progress, confirmed delete. */
export function EntityManager<T extends RecordModel>(cfg: EntityConfig<T>) {
  const { items, error, catchUp } = useLiveList<T>(cfg.collection, "", cfg.sort ?? "-created");
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<FormValues>(() => emptyValues(cfg.fields, cfg.defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const startEdit = (item: T | null) => {
    setEditing(item);
    setValues(item ? valuesFrom(item, cfg.fields) : emptyValues(cfg.fields, cfg.defaults));
    setErrors({});
    setOpen(true);
  };
  const set = (name: string, v: unknown) => {
    setValues((prev) => ({ ...prev, [name]: v }));
    setErrors((e) => ({ ...e, [name]: "" }));
  };

  async function save() {
    const parsed = cfg.schema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    const problem = cfg.check?.(values);
    if (problem) {
      if (problem.field) setErrors({ [problem.field]: problem.description });
      toast({ title: problem.title, description: problem.description, tone: "error" });
      return;
    }
    setProgress(0);
    try {
      const body = toFormData(values, cfg.fields, !!editing);
      if (editing) await updateWithProgress(cfg.collection, editing.id, body, setProgress);
      else await createWithProgress(cfg.collection, body, setProgress);
      toast({ title: editing ? cfg.texts.updated : cfg.texts.created });
      setOpen(false);
      void catchUp();
    } catch (err) {
      toast({ title: cfg.texts.saveFailed[0], description: err instanceof Error && err.message ? `${cfg.texts.saveFailed[1]} (${err.message})` : cfg.texts.saveFailed[1], tone: "error" });
    } finally {
      setProgress(null);
    }
  }

  async function remove(item: T) {
    setConfirming(null);
    setDeleting(item.id);
    try {
      await pb.collection(cfg.collection).delete(item.id);
      toast({ title: cfg.texts.deleted });
      void catchUp();
    } catch {
      toast({ title: cfg.texts.deleteFailed[0], description: cfg.texts.deleteFailed[1], tone: "error" });
    } finally {
      setDeleting(null);
    }
  }

  const saving = progress !== null;
  return (
    <div className={styles.manager}>
      {cfg.header}
      <div className={styles.toolbar}>
        {items && (cfg.canAdd?.(items) ?? true) && <Button onPress={() => startEdit(null)}>{cfg.addLabel}</Button>}
      </div>
      {error ? (
        <p className="error-text">Failed to load {cfg.noun}s. Please try again.</p>
      ) : items === null ? (
        <p className="muted">{cfg.loadingText ?? "Loading..."}</p>
      ) : items.length === 0 ? (
        <p className="empty-state">{cfg.emptyText}</p>
      ) : (
        cfg.renderList(items, { edit: startEdit, remove: setConfirming, deleting })
      )}

      <Dialog isOpen={open} onOpenChange={(o) => !saving && setOpen(o)} title={cfg.dialogTitle(!!editing)} width={640} isDismissable={!saving}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {editing && cfg.aboutItem?.(editing)}
          {cfg.fields
            .filter((f) => !f.showIf || f.showIf(values))
            .map((f) => (
              <FieldEditor key={f.name} field={f} values={values} set={set} error={errors[f.name]} owner={editing} tagNames={cfg.tagNames ?? []} />
            ))}
          {saving && (
            <div className={styles.progress}>
              <span>Uploading...</span>
              <progress max={100} value={progress ?? 0} aria-label="Upload progress" />
            </div>
          )}
          <div className={styles.formActions}>
            <Button variant="ghost" onPress={() => setOpen(false)} isDisabled={saving}>
              Cancel
            </Button>
            <SubmitButton saving={saving}>Save</SubmitButton>
          </div>
        </form>
      </Dialog>

      <Dialog
        isOpen={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={`Delete ${cfg.noun}?`}
        width={440}
        footer={
          <>
            <Button variant="ghost" onPress={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => confirming && void remove(confirming)}>
              Delete
            </Button>
          </>
        }
      >
        <p>{cfg.confirmText}</p>
      </Dialog>
    </div>
  );
}
