// Bought files as this browser keeps them: a file opened from its order is fetched once (one
// download, counted by the server), kept in the browser's database by its grant, and opened from
// there again, with or without a signal. Only the file is kept: the address it came through lives
// minutes and is never stored, and the service worker caches nothing under /api/.
import { db, type KeptFile } from "../../lib/db";

/** Files above this are saved to the device as they come instead: the browser's storage is not a disk. */
export const KEEP_LIMIT_BYTES = 100 * 1024 * 1024;

export const keptFile = (grant: string): Promise<KeptFile | undefined> => db.files.get(grant).catch(() => undefined);

/** Why a download could not start, in the words of the server's page ("Every download of this file is used", …). */
export class DownloadRefused extends Error {}

/** Downloads the file once through its order's address and keeps it; the server answers why when it will not. */
export async function fetchAndKeep(grant: string, address: string, name: string): Promise<KeptFile> {
  const res = await fetch(address, { credentials: "same-origin" });
  if (!res.ok) {
    const page = await res.text().catch(() => "");
    const heading = /<h1>([^<]+)<\/h1>/.exec(page)?.[1];
    const reason = /<\/h1><p>([^<]+)<\/p>/.exec(page)?.[1];
    throw new DownloadRefused(heading ? `${heading}. ${reason ?? ""}`.trim() : `The download could not start (${res.status}).`);
  }
  const blob = await res.blob();
  const given = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const file: KeptFile = { grant, name: given || name, type: blob.type || res.headers.get("content-type") || "application/octet-stream", blob, savedAt: Date.now() };
  await db.files.put(file).catch(() => undefined);
  return file;
}

/** Hands a kept file to the browser: its own viewer for a PDF or a picture, a save otherwise. */
export function openKept(file: KeptFile) {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
