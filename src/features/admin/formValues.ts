// Turning admin form values into the multipart body PocketBase expects, and records into values.
import type { RecordModel } from "pocketbase";

export type FieldKind = "text" | "textarea" | "date" | "decimal" | "integer" | "optionalInteger" | "bool" | "url" | "select" | "image" | "images" | "list" | "tagPrices";

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: { value: string; label: string }[];
  /** Most files an images field holds. */
  max?: number;
  required?: boolean;
  help?: string;
  showIf?: (values: FormValues) => boolean;
}

export interface ImageValue {
  existing: string;
  file: File | null;
}
export interface ImagesValue {
  existing: string[];
  removed: string[];
  files: File[];
}
export interface TagPricesValue {
  tags: string[];
  prices: Record<string, string>;
}
export type FormValues = Record<string, unknown>;

export function emptyValues(fields: FieldSpec[], defaults: FormValues = {}): FormValues {
  const v: FormValues = {};
  for (const f of fields) {
    v[f.name] =
      f.kind === "bool" ? false
      : f.kind === "image" ? { existing: "", file: null }
      : f.kind === "images" ? { existing: [], removed: [], files: [] }
      : f.kind === "list" ? []
      : f.kind === "tagPrices" ? { tags: [], prices: {} }
      : "";
  }
  return { ...v, ...defaults };
}

export function valuesFrom(record: RecordModel, fields: FieldSpec[]): FormValues {
  const v: FormValues = {};
  for (const f of fields) {
    const raw = record[f.name];
    v[f.name] =
      f.kind === "bool" ? !!raw
      : f.kind === "image" ? { existing: raw ?? "", file: null }
      : f.kind === "images" ? { existing: [...(raw ?? [])], removed: [], files: [] }
      : f.kind === "list" ? [...(raw ?? [])]
      // A day, stored as its midnight in UTC: shown and saved as the day alone.
      : f.kind === "date" ? String(raw ?? "").slice(0, 10)
      : f.kind === "tagPrices"
        ? { tags: [...(record.tags ?? [])], prices: Object.fromEntries(Object.entries(record.tag_prices ?? {}).map(([k, p]) => [k, String(p)])) }
        : f.kind === "decimal" || f.kind === "integer"
          ? raw ? String(raw) : ""
          : f.kind === "optionalInteger"
            ? raw === null || raw === undefined ? "" : String(raw)
            : (raw ?? "");
  }
  return v;
}

export function toFormData(values: FormValues, fields: FieldSpec[], isUpdate: boolean): FormData {
  const fd = new FormData();
  for (const f of fields) {
    const v = values[f.name];
    switch (f.kind) {
      case "bool":
        fd.set(f.name, v ? "true" : "false");
        break;
      case "decimal":
      case "integer":
        fd.set(f.name, String(v ?? "").trim() === "" ? "0" : String(Number(v)));
        break;
      case "optionalInteger":
        fd.set(f.name, String(v ?? "").trim() === "" ? "null" : String(parseInt(String(v), 10)));
        break;
      case "list":
        fd.set(f.name, JSON.stringify((v as string[]).map((s) => s.trim()).filter(Boolean)));
        break;
      case "tagPrices": {
        const { tags, prices } = v as TagPricesValue;
        fd.set("tags", JSON.stringify(tags));
        fd.set("tag_prices", JSON.stringify(Object.fromEntries(tags.filter((t) => String(prices[t] ?? "").trim() !== "").map((t) => [t, Number(prices[t])]))));
        break;
      }
      case "image": {
        const img = v as ImageValue;
        if (img.file) fd.set(f.name, img.file);
        break;
      }
      case "images": {
        const imgs = v as ImagesValue;
        for (const name of imgs.removed) fd.append(`${f.name}-`, name);
        for (const file of imgs.files) fd.append(isUpdate ? `${f.name}+` : f.name, file);
        break;
      }
      default:
        fd.set(f.name, String(v ?? "").trim());
    }
  }
  return fd;
}
