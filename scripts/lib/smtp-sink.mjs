// A small SMTP server on node:net for the tests and the letters bench: it takes mail in plain text on
// loopback (no TLS, no login), keeps what it accepts (or only counts it, for a bench), and answers
// 550 to the recipients it is told to refuse, as a receiving server does for a mailbox that does not
// exist. tests/support/refusing-smtp.ts gives it types.
import { createServer } from "node:net";

function parse(raw, to) {
  const head = raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]+/g, " ");
  const headers = {};
  for (const line of head.split("\r\n")) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { to, raw, headers, subject: headers.subject ?? "" };
}

/** Starts the server on a free loopback port. `keep: false` counts letters without keeping them. */
export async function startSmtpSink({ keep = true } = {}) {
  const refused = new Set();
  const accepted = [];
  const counted = { letters: 0 };
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A sender killed mid-letter resets its connection: that is a test's own doing, not a failure.
    socket.on("error", () => socket.destroy());
    socket.setEncoding("latin1");
    let buffer = "";
    let inData = false;
    let data = "";
    let rcpt = [];
    const say = (line) => socket.write(line + "\r\n");
    say("220 sink.test ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            counted.letters++;
            if (keep) accepted.push(parse(data, rcpt));
            data = "";
            rcpt = [];
            say("250 2.0.0 accepted");
          } else if (keep) data += (line.startsWith("..") ? line.slice(1) : line) + "\r\n";
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") say("250-sink.test\r\n250 8BITMIME");
        else if (verb === "HELO") say("250 sink.test");
        else if (verb === "MAIL") {
          rcpt = [];
          say("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          const address = (/<([^>]*)>/.exec(line)?.[1] ?? "").toLowerCase();
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
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = server.address().port;
  return {
    port,
    accepted,
    counted,
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
