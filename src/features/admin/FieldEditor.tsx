import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { CheckboxField, SelectField, TextField, fileProblem } from "../../ui/form";
import { fileUrl, type FileOwner } from "../../lib/files";
import type { FieldSpec, FormValues, ImageValue, ImagesValue, TagPricesValue } from "./formValues";
import styles from "./admin.module.css";

const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif";

function acceptable(file: File | undefined): file is File {
  if (!file) return false;
  const problem = file.type === "application/pdf" ? { title: "Invalid file type" as const, description: `${file.name} is not supported. Only JPEG, PNG, GIF, and PDF are allowed.` } : fileProblem(file);
  if (problem) toast({ ...problem, tone: "error" });
  return !problem;
}

function Preview({ src, alt }: { src: string; alt: string }) {
  return src ? <img className={styles.preview} src={src} alt={alt} width={96} height={96} /> : null;
}

function ListEditor({ label, value, onChange, error }: { label: string; value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const [draft, setDraft] = useState("");
  const id = useId();
  // Trimmed, never empty, never twice.
  const add = () => {
    const v = draft.trim();
    if (v && !value.some((x) => x.toLowerCase() === v.toLowerCase())) onChange([...value, v]);
    setDraft("");
  };
  return (
    <div className={styles.listEditor}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <div className={styles.inline}>
        <input
          id={id}
          className={styles.textInput}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" size="small" onPress={add} aria-label={`Add ${label.toLowerCase()}`}>
          Add
        </Button>
      </div>
      {error && <p className={styles.error}>{error}</p>}
      <ul className={styles.chips} aria-label={label}>
        {value.map((v) => (
          <li key={v}>
            {v}
            <button type="button" onClick={() => onChange(value.filter((x) => x !== v))} aria-label={`Remove ${v}`}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One admin form field of any kind the manager knows. */
export function FieldEditor({ field, values, set, error, owner, tagNames }: { field: FieldSpec; values: FormValues; set: (name: string, v: unknown) => void; error?: string; owner: FileOwner | null; tagNames: string[] }) {
  const v = values[field.name];
  const label = field.label;
  switch (field.kind) {
    case "bool":
      return <CheckboxField label={label} checked={!!v} onChange={(c) => set(field.name, c)} />;
    case "select":
      return <SelectField label={label} value={String(v)} onChange={(x) => set(field.name, x)} options={field.options ?? []} error={error} isRequired={field.required} />;
    case "textarea":
      return <TextField label={label} multiline value={String(v ?? "")} onChange={(x) => set(field.name, x)} error={error} isRequired={field.required} description={field.help} />;
    case "decimal":
    case "integer":
    case "optionalInteger":
      return (
        <TextField
          label={label}
          value={String(v ?? "")}
          onChange={(x) => set(field.name, x)}
          error={error}
          inputMode={field.kind === "decimal" ? "decimal" : "numeric"}
          description={field.help}
          isRequired={field.required}
        />
      );
    case "date":
      return <TextField label={label} type="date" value={String(v ?? "")} onChange={(x) => set(field.name, x)} error={error} isRequired={field.required} description={field.help} />;
    case "list":
      return <ListEditor label={label} value={v as string[]} onChange={(x) => set(field.name, x)} error={error} />;
    case "image": {
      const img = v as ImageValue;
      const src = img.file ? URL.createObjectURL(img.file) : owner && img.existing ? fileUrl(owner, img.existing, "160x160") : "";
      return (
        <div className={styles.fileField}>
          <span className={styles.fieldLabel}>
            {label}
            {field.required && " *"}
          </span>
          <Preview src={src} alt={`${label} preview`} />
          <label className={styles.filePick}>
            {img.existing || img.file ? "Replace image" : "Choose image"}
            <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" aria-label={label} onChange={(e) => acceptable(e.target.files?.[0]) && set(field.name, { ...img, file: e.target.files![0] })} />
          </label>
          {error && <p className={styles.error}>{error}</p>}
        </div>
      );
    }
    case "images": {
      const imgs = v as ImagesValue;
      const kept = imgs.existing.filter((n) => !imgs.removed.includes(n));
      const count = kept.length + imgs.files.length;
      return (
        <div className={styles.fileField}>
          <span className={styles.fieldLabel}>
            {label} ({count}/{field.max})
          </span>
          <ul className={styles.gallery}>
            {kept.map((name) => (
              <li key={name}>
                {owner && <Preview src={fileUrl(owner, name, "160x160")} alt="" />}
                <button type="button" onClick={() => set(field.name, { ...imgs, removed: [...imgs.removed, name] })} aria-label="Remove image">
                  ×
                </button>
              </li>
            ))}
            {imgs.files.map((file, i) => (
              <li key={`${file.name}-${i}`}>
                <Preview src={URL.createObjectURL(file)} alt="" />
                <button type="button" onClick={() => set(field.name, { ...imgs, files: imgs.files.filter((_, j) => j !== i) })} aria-label={`Remove ${file.name}`}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          {count < (field.max ?? 1) && (
            <label className={styles.filePick}>
              Add Image
              <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" aria-label={`Add image to ${label.toLowerCase()}`} onChange={(e) => acceptable(e.target.files?.[0]) && set(field.name, { ...imgs, files: [...imgs.files, e.target.files![0]] })} />
            </label>
          )}
        </div>
      );
    }
    case "tagPrices": {
      const tp = v as TagPricesValue;
      const toggle = (tag: string, on: boolean) => {
        const prices = { ...tp.prices };
        // Deselecting a tag removes its price (SPEC §5).
        if (!on) delete prices[tag];
        set(field.name, { tags: on ? [...tp.tags, tag] : tp.tags.filter((t) => t !== tag), prices });
      };
      return (
        <fieldset className={styles.tagPrices}>
          <legend className={styles.fieldLabel}>Tags *</legend>
          {tagNames.map((tag) => {
            const on = tp.tags.includes(tag);
            const priced = tag === "Print - For Sale" || tag === "Original - For Sale";
            return (
              <div key={tag} className={styles.tagRow}>
                <CheckboxField label={tag} checked={on} onChange={(c) => toggle(tag, c)} />
                {on && priced && (
                  <label className={styles.priceInput}>
                    Price for {tag}
                    <input type="number" step="0.01" min="0" value={tp.prices[tag] ?? ""} onChange={(e) => set(field.name, { ...tp, prices: { ...tp.prices, [tag]: e.target.value } })} />
                  </label>
                )}
              </div>
            );
          })}
          {error && <p className={styles.error}>{error}</p>}
        </fieldset>
      );
    }
    default:
      return <TextField label={label} type={field.kind === "url" ? "url" : "text"} value={String(v ?? "")} onChange={(x) => set(field.name, x)} error={error} isRequired={field.required} description={field.help} />;
  }
}
