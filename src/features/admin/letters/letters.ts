// The studio's letters as the Letters area reads and writes them: every call goes to the routes of
// pb_hooks/campaigns.pb.js, which check and render; the server's mail worker sends.
import { ClientResponseError } from "pocketbase";
import { pb } from "../../../lib/pocketbase";

export type PieceKind = "painting" | "book" | "merchandise" | "mural" | "character";
export interface PieceRef {
  kind: PieceKind;
  id: string;
}

export type CampaignState = "draft" | "scheduled" | "sending" | "paused" | "sent";
export type SendState = "queued" | "sending" | "sent" | "refused" | "failed" | "skipped" | "interrupted";

export interface Campaign {
  id: string;
  /** "" for the studio's own letters; the server makes "wish" (an item is back) and "announcement" (the day's new work). */
  kind: "" | "wish" | "announcement";
  subject: string;
  preview: string;
  body: string;
  pieces: PieceRef[];
  lists: string[];
  state: CampaignState;
  send_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  recipients: number;
  progress: Record<SendState, number>;
  /** Members who followed at least one link, and distinct links followed per member. */
  clicked: number;
  clicks: number;
  /** Members who unsubscribed from this campaign's letter. */
  unsubscribed: number;
  /** Addresses the mail provider reported bounced, and complaints about this campaign's letter. */
  bounced: number;
  complaints: number;
  /** Orders paid within 7 days after a reader followed one of its links, and what they paid. */
  orders: number;
  revenue_cents: number;
  created: string;
}

export interface ListCounts {
  id: string;
  name: string;
  pending: number;
  confirmed: number;
  unsubscribed: number;
  suppressed: number;
  /** Paused after three soft bounces in 30 days, until they sign up again. */
  paused: number;
}

export interface LetterSettings {
  postal_address: string;
  rate_per_second: number;
  daily_cap: number;
  /** The name before ._domainkey that the mail provider signs letters with. */
  dkim_selector: string;
}

/** One of SPF, DKIM and DMARC of the sender's domain, as the server looked it up. */
export interface DnsFinding {
  name: string;
  lookup: string;
  ok: boolean;
  record: string;
  advice: string;
}

export interface SenderDns {
  address: string;
  domain: string;
  findings: DnsFinding[];
  missing: string[] | null;
}

export interface Overview {
  lists: ListCounts[];
  campaigns: Campaign[];
  settings: LetterSettings;
}

export interface Draft {
  subject: string;
  preview: string;
  body: string;
  lists: string[];
  pieces: PieceRef[];
}

const call = <T>(path: string, body?: object, method = "POST") => pb.send<T>(`/api/studio/letters${path}`, { method, body, requestKey: null });

export const fetchOverview = () => call<Overview>("", undefined, "GET");
export const fetchSenderDns = () => call<SenderDns>("/sender-dns", undefined, "GET");
export const saveSettings = (s: Partial<LetterSettings>) => call<LetterSettings>("/settings", s);
export const saveDraft = (id: string | null, d: Draft) => call<{ campaign: Campaign; removed: boolean; preview_url: string }>(`/campaigns${id ? `/${id}` : ""}`, d);
export const removeDraft = (id: string) => call<void>(`/campaigns/${id}`, undefined, "DELETE");
export const previewUrl = (id: string) => call<{ url: string }>(`/campaigns/${id}/preview`, undefined, "GET").then((r) => r.url);
export const sendTest = (id: string) => call<{ sent_to: string[] }>(`/campaigns/${id}/test`, {});
export const schedule = (id: string, at: string | null) => call<Campaign>(`/campaigns/${id}/send`, at ? { at } : {});
export const pause = (id: string) => call<Campaign>(`/campaigns/${id}/pause`, {});
export const resume = (id: string) => call<Campaign>(`/campaigns/${id}/resume`, {});
export const cancelAnnouncement = (id: string) => pb.send<void>(`/api/studio/announcements/${id}`, { method: "DELETE", requestKey: null });

/** The server's own words for a refusal (a 400), else a plain "try again". */
export function refusal(err: unknown): string {
  return err instanceof ClientResponseError && err.status === 400 ? err.message : "Please try again.";
}

/** Letters that have left or will not: what the progress bar counts as done. */
export function doneCount(c: Campaign): number {
  const p = c.progress;
  return p.sent + p.refused + p.failed + p.skipped + p.interrupted;
}

export const STATE_LABEL: Record<CampaignState, string> = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", paused: "Paused", sent: "Sent" };
