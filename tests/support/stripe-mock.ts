// Starts stripe-mock (installed with `go install github.com/stripe/stripe-mock@v0.197.0`; npm test
// does that when it is missing) on a free loopback port.
import { spawn } from "node:child_process";
import { goBinary } from "./go-tools";
// @ts-expect-error plain ESM helper shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";

export async function startStripeMock(): Promise<{ url: string; stop(): Promise<void> }> {
  const port: number = await freePort();
  const proc = spawn(goBinary("stripe-mock", "github.com/stripe/stripe-mock@v0.197.0"), ["-http-addr", `127.0.0.1:${port}`], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      await fetch(`${url}/v1/charges`, { headers: { Authorization: "Bearer sk_test_123" } });
      break;
    } catch (err) {
      if (Date.now() > deadline) throw new Error("stripe-mock did not start", { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}
