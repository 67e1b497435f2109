// An S3-compatible server for tests and drills: gofakes3 (`go install
// github.com/johannesboyne/gofakes3/cmd/gofakes3@v1.2.0`; npm test installs it), in memory, on a
// free loopback port. It speaks the S3 protocol but does not check request signatures.
import { spawn } from "node:child_process";
import { goBinary } from "./go-tools.mjs";
import { freePort } from "./project.mjs";

export const GOFAKES3 = "github.com/johannesboyne/gofakes3/cmd/gofakes3@v1.2.0";

/**
 * The variables of a server replicating to `s3://replica/<path>` on the fake at `s3Url` (the fake
 * takes any keys).
 * @param {string} s3Url
 * @param {string} path
 * @returns {Record<string, string>}
 */
export function replicaEnv(s3Url, path) {
  return {
    STUDIO_REPLICA_URL: `s3://replica/${path}`,
    STUDIO_S3_ENDPOINT: s3Url,
    STUDIO_S3_ACCESS_KEY: "studio",
    STUDIO_S3_SECRET: "studio-secret",
    STUDIO_S3_FORCE_PATH_STYLE: "true",
    // The machine's own bundle is left out so a test runs alike everywhere; replication-start.test.ts sets one.
    AWS_CA_BUNDLE: "",
  };
}

/** @returns {Promise<{ url: string; keys(bucket: string): Promise<string[]>; stop(): Promise<void> }>} */
export async function startFakeS3() {
  const port = await freePort();
  const proc = spawn(goBinary("gofakes3", GOFAKES3), ["-backend", "memory", "-autobucket", "-host", `127.0.0.1:${port}`], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      await fetch(url);
      break;
    } catch (err) {
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error("gofakes3 did not start", { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async keys(bucket) {
      const xml = await (await fetch(`${url}/${bucket}?list-type=2`)).text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
    },
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}
