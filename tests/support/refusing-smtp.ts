// An SMTP server of the tests' own (scripts/lib/smtp-sink.mjs, on node:net): it keeps what it
// accepts and answers 550 to the recipients it is told to refuse, as a receiving mail server does
// for an address that does not exist. No TLS and no login: the studio server sends to it in plain
// text on loopback.
// @ts-expect-error plain ESM helper shared with the scripts
import { startSmtpSink } from "../../scripts/lib/smtp-sink.mjs";

export interface Accepted {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
}

export interface RefusingSmtp {
  port: number;
  accepted: Accepted[];
  refuse(address: string): void;
  /** Takes an address off the refused ones (its mailbox exists again). */
  accept(address: string): void;
  /** Letters accepted for `to`. */
  to(address: string): Accepted[];
  env: Record<string, string>;
  stop(): Promise<void>;
}

export const startRefusingSmtp = (): Promise<RefusingSmtp> => startSmtpSink();
