// URLs of PocketBase files and their thumbnails (sizes configured in pb_migrations).
export interface FileOwner {
  id: string;
  collectionId: string;
}

export type ThumbSize = "160x160" | "400x0" | "800x0" | "1200x0";

export function fileUrl(owner: FileOwner, filename: string, thumb?: ThumbSize, token?: string): string {
  if (!filename) return "";
  const params = new URLSearchParams();
  if (thumb) params.set("thumb", thumb);
  if (token) params.set("token", token);
  const query = params.toString();
  return `/api/files/${owner.collectionId}/${owner.id}/${encodeURIComponent(filename)}${query ? `?${query}` : ""}`;
}

/** A srcset over the width thumbnails, for responsive images. */
export function thumbSrcSet(owner: FileOwner, filename: string): string {
  return (["400x0", "800x0", "1200x0"] as const).map((t) => `${fileUrl(owner, filename, t)} ${t.split("x")[0]}w`).join(", ");
}

/** The types a file sold to download may be (pb_migrations: digital_files), as a buyer names them. */
export const SALE_FILE_KINDS: Record<string, string> = { "application/pdf": "PDF", "image/png": "PNG", "application/zip": "ZIP" };

/** A file's size as people read it: KB below a megabyte, MB with one decimal above. */
export function fileSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
