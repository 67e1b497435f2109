import { useEffect, useState } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { useOnline } from "../../lib/pwa";
import { fileSize, SALE_FILE_KINDS } from "../../lib/files";
import type { KeptFile } from "../../lib/db";
import { DownloadRefused, fetchAndKeep, KEEP_LIMIT_BYTES, keptFile, openKept } from "./keptFiles";
import { dayOf, type Order, type OrderFile } from "./order";
import styles from "./orders.module.css";

/** One bought file: download it (kept here to open again offline), or why it can no longer be. */
function FileRow({ file }: { file: OrderFile }) {
  const online = useOnline();
  const [kept, setKept] = useState<KeptFile | undefined>();
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(file.left);
  useEffect(() => {
    void keptFile(file.id).then(setKept);
  }, [file.id]);
  const facts = [SALE_FILE_KINDS[file.content_type] ?? "File", file.bytes ? fileSize(file.bytes) : "", file.pages ? `${file.pages} pages` : "", file.stamped ? "with your name on every page" : ""].filter(Boolean).join(" · ");
  const large = file.bytes > KEEP_LIMIT_BYTES;

  async function download() {
    setBusy(true);
    try {
      const got = await fetchAndKeep(file.id, file.download, file.title);
      setKept(got);
      setLeft((n) => Math.max(0, n - 1));
      openKept(got);
    } catch (err) {
      toast({ title: "Download not started", description: err instanceof DownloadRefused ? err.message : "The connection failed. Please try again.", tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.file}>
      <div>
        <p className={styles.fileTitle}>{file.title}</p>
        <p className={styles.lineState}>{facts}</p>
        <p className={styles.lineState}>{file.ended || `${left} of ${file.allowed} downloads left, until ${dayOf(file.expires_at)}`}</p>
      </div>
      <div className={styles.fileActions}>
        {kept && (
          <Button size="small" variant="accent" onPress={() => openKept(kept)}>
            Open<span className="visually-hidden"> {file.title}</span>
          </Button>
        )}
        {!file.ended &&
          (large ? (
            <a className={styles.fileLink} href={file.download}>
              Download<span className="visually-hidden"> {file.title}</span>
            </a>
          ) : (
            <Button size="small" variant={kept ? "ghost" : "accent"} onPress={download} isDisabled={busy || !online || left === 0}>
              {busy ? "Downloading…" : kept ? "Download again" : "Download"}
              <span className="visually-hidden"> {file.title}</span>
            </Button>
          ))}
      </div>
    </li>
  );
}

/** A line's files on its order (the order page, the customer's orders, the success page). */
export function OrderFiles({ files }: { files: OrderFile[] }) {
  if (!files.length) return <p className={styles.lineState}>Its files are being prepared: reload this page in a moment.</p>;
  return (
    <ul className={styles.files} aria-label="Files to download">
      {files.map((f) => (
        <FileRow key={f.id} file={f} />
      ))}
    </ul>
  );
}

/** Every file of an order, by line, with the EU or UK buyer's consent when they gave it; nothing for an order of no files. */
export function OrderDownloads({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const lines = order.lines.filter((l) => l.files !== undefined);
  if (!lines.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const id = `downloads-${order.id}`;
  const waiver = order.withdrawal_waiver;
  return (
    <section aria-labelledby={id} className={styles.downloads}>
      <Heading id={id}>Your downloads</Heading>
      {lines.map((l, i) => (
        <div key={i}>
          {lines.length > 1 && <p className={styles.fileLine}>{l.title}</p>}
          <OrderFiles files={l.files ?? []} />
        </div>
      ))}
      <p className={styles.lineState}>A file you open here stays in this browser, so the installed app opens it again with no signal.</p>
      {waiver && (
        <p className={styles.lineState}>
          On {dayOf(waiver.at)} you ticked: “{waiver.wording}”
        </p>
      )}
    </section>
  );
}
