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

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/**
 * The message a person sees for a server answer. The rate limiter's bare "Too Many Requests."
 * becomes words; a 429 the studio worded itself (a daily upload allowance) is kept.
 */
export function serverMessage(status: number, message: string | undefined): string | undefined {
  if (status === 429 && (!message || /^too many requests/i.test(message))) return TOO_MANY_ATTEMPTS;
  return message;
}

export const pb = new PocketBase(backendUrl(import.meta.env.VITE_BACKEND_URL, globalThis.location?.origin ?? "http://localhost"));
// Every answer passes here before it becomes a result or a ClientResponseError (whose message is data.message).
pb.afterSend = (response, data) => {
  if (response.status !== 429) return data;
  return { ...(data && typeof data === "object" ? data : {}), message: serverMessage(429, (data as { message?: string } | null)?.message) };
};
// Pages load several lists at once; cancelling duplicates would drop some of them.
pb.autoCancellation(false);
