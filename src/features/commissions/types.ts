import type { RecordModel } from "pocketbase";

export const COMMISSION_TYPES = [
  { value: "illustrated-book", label: "Illustrated book" },
  { value: "indoor-mural", label: "Indoor mural" },
  { value: "outdoor-mural", label: "Outdoor mural" },
  { value: "watercolor-portrait", label: "Watercolor portrait" },
  { value: "watercolor-illustration", label: "Watercolor illustration" },
] as const;

export type CommissionType = (typeof COMMISSION_TYPES)[number]["value"];

export const typeLabel = (t: string) => COMMISSION_TYPES.find((c) => c.value === t)?.label ?? t;

export interface CommissionRequest {
  type: CommissionType;
  description: string;
  size: string;
  budget: string;
  deadline: string;
  contact_email: string;
  contact_name: string;
  contact_phone: string;
  /** The version of the studio's terms accepted, and the digest of its text; 0 and "" when none. */
  terms_version: number;
  terms_digest: string;
}

export interface Commission extends RecordModel, CommissionRequest {
  user: string;
  title: string;
  status: "Not Started" | "In Progress" | "Complete" | "Declined" | "Cancelled";
  /** Set by the server: a request taken while its type was full (docs/decisions/024). */
  waitlist: "" | "waiting" | "invited" | "admitted" | "lapsed";
  invited_at: string;
  payment_status: "Unpaid" | "Deposit paid" | "Paid in full" | "Partly refunded" | "Refunded";
  total_price: number;
  amount_paid: number;
  /** Set by the server once the balance is paid: the finals' downloads open. */
  finals_released: boolean;
  /** When the request began waiting for the studio, and its first answer ("" until then). */
  waiting_since: string;
  answered_at: string;
  created: string;
  updated: string;
}

export interface CommissionMessage extends RecordModel {
  commission: string;
  sender: string;
  sender_role: "admin" | "customer";
  sender_name: string;
  content: string;
  is_read: boolean;
  attachments: string[];
  attachment_meta: { name: string; type: string; size: number }[] | null;
  /** A quote, receipt, refund or decline posted by the server into the thread. */
  card: { type: "quote" | "receipt" | "refund" | "decline" | "mismatch" | "revision"; quote?: string; payment?: string; amount_cents: number; number?: number; included?: number; proof?: string } | null;
  created: string;
}

export interface CommissionFile extends RecordModel {
  commission: string;
  file: string;
  file_name: string;
  file_type: string;
  file_size: number;
  uploaded_by: string;
  /** "proof": seen only as the server's marked picture; "final": downloadable once paid in full. */
  kind: "file" | "proof" | "final" | "";
  created: string;
}

/** A revision the customer asked for on a proof, counted against the quotes' revisions. */
export interface Revision extends RecordModel {
  commission: string;
  proof: string;
  number: number;
  included: number;
  note: string;
  created: string;
}

export interface MessageDraft {
  commission: string;
  content: string;
  files: File[];
}
