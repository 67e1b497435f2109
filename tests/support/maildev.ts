// A real SMTP server for tests: maildev (an npm dev dependency) on free loopback ports, asking for
// a user and password like a mail provider would. Its REST API lists what it caught.
import { spawn } from "node:child_process";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with the scripts
import { freePort, root } from "../../scripts/lib/project.mjs";

export interface CaughtMail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
}

export interface MailBox {
  all(): Promise<CaughtMail[]>;
  /** Waits for a mail to `to` whose subject matches. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  clear(): Promise<void>;
}

/** The mails caught by the maildev whose REST API answers at `api`. */
export function mailBox(api: string): MailBox {
  const all = async (): Promise<CaughtMail[]> => (await fetch(`${api}/email`)).json();
  return {
    all,
    async waitFor(to, subject, timeoutMs = 20000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = (await all()).find((m) => m.to.some((t) => t.address === to) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > end) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ""} arrived; caught: ${JSON.stringify((await all()).map((m) => [m.to, m.subject]))}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async clear() {
      await fetch(`${api}/email/all`, { method: "DELETE" });
    },
  };
}

export interface MailServer extends MailBox {
  api: string;
  smtpPort: number;
  user: string;
  password: string;
  /** The environment that points the studio server at this SMTP server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A port found free is only free until someone else takes it: the tests start servers side by side,
 * so a maildev that lost its port to another is started again on new ones (unless told a port).
 */
export async function startMailServer(smtpPort?: number): Promise<MailServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchMailServer(smtpPort ?? (await freePort()), await freePort());
    } catch (err) {
      if (smtpPort !== undefined || attempt === 3 || !String(err).includes("EADDRINUSE")) throw err;
    }
  }
}

async function launchMailServer(port: number, webPort: number): Promise<MailServer> {
  const user = "studio-mailer";
  const password = "mailer-secret";
  const proc = spawn(
    process.execPath,
    [join(root, "node_modules/maildev/bin/maildev"), "--smtp", String(port), "--web", String(webPort), "--ip", "127.0.0.1", "--web-ip", "127.0.0.1",
      "--incoming-user", user, "--incoming-pass", password, "--silent"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  proc.stderr?.on("data", (d) => (errors += d));
  const api = `http://127.0.0.1:${webPort}`;
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      // The web port answers for this maildev only if it names this SMTP port: a port found free
      // can be taken by another test's maildev before this one binds it, and that one answered.
      const config = await fetch(`${api}/config`);
      if (config.ok && String(((await config.json()) as { smtpPort?: unknown }).smtpPort) === String(port)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill();
      throw new Error(`maildev did not start: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ...mailBox(api),
    api,
    smtpPort: port,
    user,
    password,
    env: {
      STUDIO_SMTP_HOST: "127.0.0.1",
      STUDIO_SMTP_PORT: String(port),
      STUDIO_SMTP_USER: user,
      STUDIO_SMTP_PASSWORD: password,
      STUDIO_MAIL_SENDER_NAME: "Lanternwood Studio",
      STUDIO_MAIL_SENDER_ADDRESS: "hello@lanternwood.example",
    },
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** The first link in a mail's HTML that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const link = hrefs.find((h) => h.startsWith(prefix));
  if (!link) throw new Error(`no link to ${prefix} in "${mail.subject}": ${hrefs.join(", ")}`);
  return link;
}
