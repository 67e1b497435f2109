import { useCallback, useEffect, useId, useState } from "react";
import type { RecordModel } from "pocketbase";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { CheckboxField, TextField } from "../../../ui/form";
import { toast } from "../../../ui/toast";
import { fileSize, SALE_FILE_KINDS } from "../../../lib/files";
import { pb } from "../../../lib/pocketbase";
import { createWithProgress } from "../../../lib/upload";
import admin from "../admin.module.css";
import styles from "./downloads.module.css";

interface SaleFile extends RecordModel {
  title: string;
  file: string;
  stamp: boolean;
  content_type: string;
  bytes: number;
  pages: number;
}

/** The limit pb_migrations sets on digital_files.file: checked here first so a huge file is refused before it is sent. */
const MAX_BYTES = 500 * 1024 * 1024;
const ENDINGS = [".pdf", ".png", ".zip"];

/** What is wrong with a chosen file before it is sent, or null; the server reads its content and says the rest. */
export function pickProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ENDINGS.some((e) => name.endsWith(e))) return `“${file.name}” cannot be sold: only PDF, PNG and ZIP files can.`;
  if (file.size > MAX_BYTES) return `“${file.name}” is ${fileSize(file.size)}: a file for sale can be 500 MB at most.`;
  return null;
}

/** The files a digital item or a book sells: what each is, its stamp, and an upload whose refusals keep what was typed. */
export function DigitalFiles({ owner, id }: { owner: "digital_item" | "book"; id: string }) {
  const [files, setFiles] = useState<SaleFile[] | null>(null);
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [stamp, setStamp] = useState(false);
  const [problem, setProblem] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const pickId = useId();

  const load = useCallback(() => {
    pb.collection("digital_files")
      .getFullList<SaleFile>({ filter: pb.filter(`${owner} = {:id}`, { id }), sort: "created", requestKey: null })
      .then(setFiles, () => setFiles([]));
  }, [owner, id]);
  useEffect(load, [load]);

  const pdf = !file || file.name.toLowerCase().endsWith(".pdf");
  async function upload() {
    if (!file) return setProblem("Choose the file to sell.");
    if (!title.trim()) return setProblem("Give the file a title, as the buyer will see it.");
    const early = pickProblem(file);
    if (early) return setProblem(early);
    setProblem("");
    setProgress(0);
    const body = new FormData();
    body.set(owner, id);
    body.set("title", title.trim());
    body.set("stamp", String(pdf && stamp));
    body.set("file", file);
    try {
      await createWithProgress("digital_files", body, setProgress);
      toast({ title: "File added", description: title.trim() });
      setTitle("");
      setFile(null);
      setStamp(false);
      load();
    } catch (err) {
      setProblem(err instanceof Error ? err.message.replace(/^Upload failed: /, "") : "The file could not be uploaded. Please try again.");
    } finally {
      setProgress(null);
    }
  }

  async function change(f: SaleFile, act: () => Promise<unknown>, done: string, shown?: Partial<SaleFile>) {
    setBusy(f.id);
    // The switch moves at once; a refusal puts it back when the list reloads.
    if (shown) setFiles((list) => list && list.map((x) => (x.id === f.id ? { ...x, ...shown } : x)));
    try {
      await act();
      toast({ title: done });
      load();
    } catch (err) {
      toast({ title: "That did not work", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
      load();
    } finally {
      setBusy(null);
    }
  }

  const sending = progress !== null;
  return (
    <section className={styles.files} aria-labelledby={`${pickId}-heading`}>
      <h3 id={`${pickId}-heading`}>Files sold to download</h3>
      {files === null ? (
        <p className="muted">Loading...</p>
      ) : files.length === 0 ? (
        <p className="muted">No files yet: a buyer gets each file listed here.</p>
      ) : (
        <ul className={styles.list}>
          {files.map((f) => (
            <li key={f.id} className={styles.row}>
              <div>
                <strong>{f.title}</strong>
                <p className="muted">
                  {[SALE_FILE_KINDS[f.content_type] ?? "File", f.bytes ? fileSize(f.bytes) : "", f.pages ? `${f.pages} pages` : ""].filter(Boolean).join(" · ")}
                  {f.stamp && (
                    <>
                      {" "}
                      <Badge tone="lavender">Stamped with its buyer’s name</Badge>
                    </>
                  )}
                </p>
              </div>
              <div className={styles.rowActions}>
                {f.content_type === "application/pdf" && (
                  <CheckboxField label="Stamp" checked={f.stamp} isDisabled={busy === f.id} onChange={(on) => void change(f, () => pb.collection("digital_files").update(f.id, { stamp: on }), on ? `${f.title} will be stamped` : `${f.title} will not be stamped`, { stamp: on })} />
                )}
                <Button variant="ghost" size="small" isDisabled={busy === f.id} aria-label={`Remove ${f.title}`} onPress={() => void change(f, () => pb.collection("digital_files").delete(f.id), `${f.title} removed`)}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {/* Inside the item's own form: Enter here uploads the file rather than saving the item and closing it with the file unsent. */}
      <div
        className={styles.upload}
        role="group"
        aria-label="Add a file"
        onKeyDown={(e) => {
          if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement) || e.target.type !== "text") return;
          e.preventDefault();
          if (!sending) void upload();
        }}
      >
        <TextField label="File title" value={title} onChange={setTitle} isDisabled={sending} description="As the buyer sees it, e.g. “The Lantern of Pebblewick (PDF)”." />
        <div className={styles.pick}>
          <label className={admin.filePick}>
            {file ? "Choose another file" : "Choose file"}
            <input
              type="file"
              accept=".pdf,.png,.zip,application/pdf,image/png,application/zip"
              className="visually-hidden"
              aria-label="File to sell (PDF, PNG or ZIP, up to 500 MB)"
              disabled={sending}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                e.target.value = "";
                if (!chosen) return;
                setFile(chosen);
                setProblem(pickProblem(chosen) ?? "");
              }}
            />
          </label>
          <span className="muted">{file ? `${file.name} · ${fileSize(file.size)}` : "PDF, PNG or ZIP, up to 500 MB"}</span>
        </div>
        {pdf && <CheckboxField label="Stamp each copy with its buyer’s name (PDF only)" checked={stamp} onChange={setStamp} isDisabled={sending} />}
        {problem && (
          <p className={admin.error} role="alert">
            {problem}
          </p>
        )}
        {sending && (
          <div className={admin.progress}>
            <span>Uploading and checking...</span>
            <progress max={100} value={progress ?? 0} aria-label="Upload progress" />
          </div>
        )}
        <Button variant="secondary" onPress={() => void upload()} isDisabled={sending}>
          Upload file
        </Button>
      </div>
    </section>
  );
}
