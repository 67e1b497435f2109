// Checks a person's files before they are sent (the server checks again), with the spec's texts.
export const ALLOWED_TYPES = ["image/jpeg", "image/png", "image/gif", "application/pdf"];
export const MAX_FILE_BYTES = 10485760;
export const ACCEPT = ALLOWED_TYPES.join(",");

export interface FileProblem {
  title: "Invalid file type" | "File too large";
  description: string;
}

export function fileProblem(file: File): FileProblem | null {
  if (!ALLOWED_TYPES.includes(file.type)) {
    return { title: "Invalid file type", description: `${file.name} is not supported. Only JPEG, PNG, GIF, and PDF are allowed.` };
  }
  if (file.size > MAX_FILE_BYTES) return { title: "File too large", description: `${file.name} exceeds the 10MB limit.` };
  return null;
}

/** Size in B, KB or MB, as attachments show it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
