// Starts Varnish with the shop's own configuration (deploy/varnish/lanternwood.vcl) in front of a
// server on this machine: used by the Varnish integration test and `npm run bench:viral`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { root } from "./project.mjs";

const VCL = join(root, "deploy", "varnish", "lanternwood.vcl");

export function varnishd() {
  for (const path of ["/usr/sbin/varnishd", "/usr/local/sbin/varnishd"]) if (existsSync(path)) return path;
  const found = spawnSync("varnishd", ["-V"], { stdio: "ignore" });
  if (found.error) throw new Error("Varnish is needed here (Debian/Ubuntu: apt-get install varnish); see the README's prerequisites");
  return "varnishd";
}

/**
 * Runs varnishd in the foreground on 127.0.0.1:port with the deploy configuration pointed at the
 * shop on backendPort, and resolves once it answers. stop() ends it and removes its files.
 */
export async function startVarnish({ port, backendPort, memory = "256m" }) {
  const dir = mkdtempSync(join(tmpdir(), "studio-varnish-"));
  // varnishd drops to its own users, which must read the configuration and the working folder.
  chmodSync(dir, 0o755);
  const vcl = join(dir, "lanternwood.vcl");
  const source = readFileSync(VCL, "utf8");
  if (!source.includes('.port = "8090";')) throw new Error(`${VCL} no longer names the shop's port 8090`);
  writeFileSync(vcl, source.replaceAll('.port = "8090";', `.port = "${backendPort}";`));
  let output = "";
  const proc = spawn(varnishd(), ["-F", "-n", join(dir, "work"), "-a", `127.0.0.1:${port}`, "-f", vcl, "-s", `malloc,${memory}`], { stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout.on("data", (d) => (output += d));
  proc.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`varnishd exited with code ${proc.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        proc.kill("SIGKILL");
        throw new Error(`varnishd did not answer on ${url}:\n${output}`);
      }
      await sleep(100);
    }
  }
  return {
    url,
    workdir: join(dir, "work"),
    log: () => output,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc.once("exit", resolve));
        proc.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
