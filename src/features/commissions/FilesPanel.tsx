import { useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { ACCEPT, fileProblem } from "../../ui/form";
import { fileUrl } from "../../lib/files";
import { pb } from "../../lib/pocketbase";
import { createWithProgress } from "../../lib/upload";
import { useFileToken } from "./fileTokens";
import { useLiveList } from "../../lib/useLiveList";
import type { Viewer } from "./CommissionThread";
import { RevisionRequest } from "./RevisionRequest";
import type { Commission, CommissionFile, Revision } from "./types";
import styles from "./commissions.module.css";

const KIND_LABEL = { proof: "Proof", final: "Final" } as const;

/**
 * Files exchanged for one commission: list with downloads, and an upload with real progress. The
 * studio marks an upload as a proof (the customer sees it only marked by the server) or a final
 * (its download opens once the commission is paid in full; the server refuses it before).
 */
export function FilesPanel({ commissionId, viewer }: { commissionId: string; viewer: Viewer }) {
  const { items, error } = useLiveList<CommissionFile>("commission_files", pb.filter("commission = {:id}", { id: commissionId }), "-created");
  const commission = useLiveList<Commission>("commissions", pb.filter("id = {:id}", { id: commissionId }), "created").items?.[0];
  const revisions = useLiveList<Revision>("commission_revisions", pb.filter("commission = {:id}", { id: commissionId }), "number").items;
  const [kind, setKind] = useState<"file" | "proof" | "final">("file");
  const token = useFileToken();
  const [queue, setQueue] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function pick(list: FileList | null) {
    const ok: File[] = [];
    for (const f of Array.from(list ?? [])) {
      const problem = fileProblem(f);
      if (problem) toast({ ...problem, tone: "error" });
      else ok.push(f);
    }
    setQueue(ok);
  }

  async function upload() {
    if (!pb.authStore.isValid) return toast({ title: "Authentication required", description: "You must be logged in to upload files", tone: "error" });
    if (queue.length === 0) return toast({ title: "No file provided", description: "Choose at least one file to upload.", tone: "error" });
    try {
      for (let i = 0; i < queue.length; i++) {
        const body = new FormData();
        body.set("commission", commissionId);
        body.set("file", queue[i]);
        if (viewer === "admin") body.set("kind", kind);
        await createWithProgress("commission_files", body, (p) => setProgress(Math.round(((i + p / 100) / queue.length) * 100)));
      }
      toast({ title: "Files uploaded", description: `Successfully uploaded ${queue.length} file(s)` });
      setQueue([]);
      if (input.current) input.current.value = "";
    } catch (err) {
      toast({ title: "Upload failed", description: err instanceof Error ? err.message : "Failed to upload files", tone: "error" });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className={styles.files}>
      <div className={styles.fileList}>
        {error && <p className="error-text">Failed to load files</p>}
        {items?.length === 0 && <p className="muted">No files found for this commission.</p>}
        <ul>
          {items?.map((f) => (
            <li key={f.id}>
              <span className={styles.fileName}>{f.file_name || f.file}</span>
              {(f.kind === "proof" || f.kind === "final") && <strong className={styles.fileKind}>{KIND_LABEL[f.kind]}</strong>}
              <span className="muted">{(f.file_size / 1024).toFixed(1)} KB</span>
              <span className="muted">{new Date(f.created).toLocaleDateString("en-US", { dateStyle: "medium" })}</span>
              {f.kind === "proof" && viewer === "customer" && commission && (!["Complete", "Declined", "Cancelled"].includes(commission.status) || revisions?.some((r) => r.proof === f.id)) && <RevisionRequest proof={f} revision={revisions?.find((r) => r.proof === f.id)} />}
              {f.kind === "proof" && viewer === "admin" && revisions?.some((r) => r.proof === f.id) && <span className={styles.revisionNote}>Revision {revisions.find((r) => r.proof === f.id)?.number} requested</span>}
              {f.kind === "proof" && f.file_type.startsWith("image/") && token && <img className={styles.proof} src={`/api/studio/proofs/${f.id}?token=${token}`} alt={`Proof: ${f.file_name}`} loading="lazy" />}
              {viewer === "customer" && f.kind === "proof" ? null : viewer === "customer" && f.kind === "final" && !commission?.finals_released ? (
                <span className="muted">Download opens once the commission is paid in full.</span>
              ) : (
                <a href={`${fileUrl(f, f.file, undefined, token)}&download=1`} download={f.file_name}>
                  Download
                </a>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.uploader}>
        <label className="visually-hidden" htmlFor={`files-${commissionId}`}>
          Choose files to upload
        </label>
        {viewer === "admin" && (
          <select aria-label="Kind of file" value={kind} onChange={(e) => setKind(e.target.value as "file" | "proof" | "final")} disabled={progress !== null}>
            <option value="file">File</option>
            <option value="proof">Proof (customer sees it marked)</option>
            <option value="final">Final (opens when paid in full)</option>
          </select>
        )}
        <input ref={input} id={`files-${commissionId}`} type="file" multiple accept={ACCEPT} onChange={(e) => pick(e.target.files)} disabled={progress !== null} />
        <Button onPress={upload} isDisabled={progress !== null || queue.length === 0}>
          {progress !== null ? "Uploading..." : "Upload"}
        </Button>
        {progress !== null && <progress max={100} value={progress} aria-label="Upload progress" />}
      </div>
    </div>
  );
}
