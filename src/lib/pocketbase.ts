// The one PocketBase client. Every read and write of the app goes through it (public pages read
// Dexie, which the sync engine fills through it).
import PocketBase from "pocketbase";

/** SPEC §5: the backend client needs a non-empty http(s) base URL. */
export function backendUrl(raw: string | undefined, origin: string): string {
  const url = (raw ?? "").trim() || origin;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The backend URL "${url}" is not a valid URL.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`The backend URL must use http or https, not ${parsed.protocol}`);
  }
  return parsed.origin;
}

export const pb = new PocketBase(backendUrl(import.meta.env.VITE_BACKEND_URL, globalThis.location?.origin ?? "http://localhost"));
// Pages load several lists at once; cancelling duplicates would drop some of them.
pb.autoCancellation(false);
