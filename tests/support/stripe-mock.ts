// Starts stripe-mock (installed with `go install github.com/stripe/stripe-mock@v0.197.0`; npm test
// does that when it is missing) on a free loopback port.
import { spawn } from "node:child_process";
import { goBinary } from "./go-tools";
// @ts-expect-error plain ESM helper shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";

export async function startStripeMock(): Promise<{ url: string; stop(): Promise<void> }> {
  // A port found free can be taken by another test's server before stripe-mock binds it; then
  // stripe-mock exits at once, and it is started again on another port instead of waited for.
  // (Its HTTPS side is given a port of the system's choosing: by default every stripe-mock takes
  // 12112, so two test files running at once made the second one exit.)
  let last = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await startOnce();
    if ("url" in started) return started;
    last = started.failure;
  }
  throw new Error(`stripe-mock did not start: ${last}`);
}

async function startOnce(): Promise<{ url: string; stop(): Promise<void> } | { failure: string }> {
  const port: number = await freePort();
  const proc = spawn(goBinary("stripe-mock", "github.com/stripe/stripe-mock@v0.197.0"), ["-http-addr", `127.0.0.1:${port}`, "-https-addr", "127.0.0.1:"], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  proc.stderr.on("data", (chunk) => (output = (output + chunk).slice(-2000)));
  let exited: string | null = null;
  proc.once("exit", (code, signal) => (exited = `exited (${signal ?? code}) on port ${port}: ${output.trim()}`));
  const url = `http://127.0.0.1:${port}`;
  // Loading its OpenAPI fixtures takes a few seconds, more on a busy machine.
  const deadline = Date.now() + 60000;
  for (;;) {
    if (exited) return { failure: exited };
    try {
      await fetch(`${url}/v1/charges`, { headers: { Authorization: "Bearer sk_test_123" } });
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        proc.kill("SIGKILL");
        return { failure: `no answer on port ${port} within 60 s (${String((err as Error).cause ?? err)}): ${output.trim()}` };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

export interface SentToStripe {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string;
  /** When the request arrived here, as Stripe would measure it. */
  at: number;
}

/** Forwards to stripe-mock, counts the checkout-session reads the server makes and keeps every request. */
export async function countingProxy(target: string) {
  const { createServer } = await import("node:http");
  let reads = 0;
  const sent: SentToStripe[] = [];
  const srv = createServer(async (req, res) => {
    const at = Date.now();
    if (req.method === "GET" && req.url?.startsWith("/v1/checkout/sessions/")) reads++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    sent.push({ method: req.method ?? "", path: req.url ?? "", params: new URLSearchParams(Buffer.concat(chunks).toString("utf8")), idempotencyKey: String(req.headers["idempotency-key"] ?? ""), at });
    const upstream = await fetch(target + req.url, { method: req.method, headers: req.headers as Record<string, string>, body: req.method === "GET" ? undefined : Buffer.concat(chunks) });
    res.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, reads: () => reads, sent: () => sent, close: () => srv.close() };
}
