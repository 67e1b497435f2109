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
