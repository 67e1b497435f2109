// An SMTP server of the tests' own, on node:net: it keeps what it accepts and answers 550 to the
// recipients it is told to refuse, as a receiving mail server does for an address that does not
// exist. No TLS and no login: the studio server sends to it in plain text on loopback.
import { createServer, type Socket } from "node:net";

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

function parse(raw: string, to: string[]): Accepted {
  const head = raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { to, raw, headers, subject: headers.subject ?? "" };
}

export async function startRefusingSmtp(): Promise<RefusingSmtp> {
  const refused = new Set<string>();
  const accepted: Accepted[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A sender killed mid-letter resets its connection: that is a test's own doing, not a failure.
    socket.on("error", () => socket.destroy());
    socket.setEncoding("latin1");
    let buffer = "";
    let inData = false;
    let data = "";
    let rcpt: string[] = [];
    const say = (line: string) => socket.write(line + "\r\n");
    say("220 refusing.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            accepted.push(parse(data, rcpt));
            data = "";
            rcpt = [];
            say("250 2.0.0 accepted");
          } else data += (line.startsWith("..") ? line.slice(1) : line) + "\r\n";
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") say("250-refusing.test\r\n250 8BITMIME");
        else if (verb === "HELO") say("250 refusing.test");
        else if (verb === "MAIL") {
          rcpt = [];
          say("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          const address = /<([^>]*)>/.exec(line)?.[1].toLowerCase() ?? "";
          if (refused.has(address)) say("550 5.1.1 <" + address + ">: no such mailbox here");
          else {
            rcpt.push(address);
            say("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          say("354 go on");
        } else if (verb === "RSET") {
          rcpt = [];
          say("250 ok");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else say("250 ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    accepted,
    refuse: (address) => refused.add(address.toLowerCase()),
    accept: (address) => refused.delete(address.toLowerCase()),
    to: (address) => accepted.filter((a) => a.to.includes(address.toLowerCase())),
    env: { STUDIO_SMTP_HOST: "127.0.0.1", STUDIO_SMTP_PORT: String(port), STUDIO_MAIL_SENDER_NAME: "Lanternwood Studio", STUDIO_MAIL_SENDER_ADDRESS: "hello@lanternwood.example" },
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
