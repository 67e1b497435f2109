// Starts the server binary: used by `npm start`, the browser-test setup and the integration harness.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { root, serverBinary, waitForHealth } from "./project.mjs";

/**
 * Launches `studio-server serve` and returns once it answers /api/health, with a superuser
 * (fresh random password each launch) for seeding and test set-up. The password reaches the
 * server through its environment (pb_hooks/seed-superuser.pb.js), never through its arguments.
 */
export async function launchServer({ http, dataDir, env = {}, stdio = "pipe", binary = serverBinary, cwd = root }) {
  const superuser = { email: "seed@studio.internal", password: randomBytes(18).toString("hex") };
  const fullEnv = { ...process.env, STUDIO_ROOT: root, STUDIO_SITE_URL: `http://${http}`, ...env, STUDIO_SEED_SUPERUSER_PASSWORD: superuser.password };
  let output = "";
  const proc = spawn(binary, ["serve", "--http", http, "--dir", dataDir], {
    cwd,
    env: fullEnv,
    stdio: ["ignore", stdio, stdio],
  });
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  const url = `http://${http}`;
  try {
    await Promise.race([
      waitForHealth(url),
      new Promise((_, reject) => proc.once("exit", (code) => reject(new Error(`the server exited with code ${code}`)))),
    ]);
  } catch (err) {
    proc.kill("SIGKILL");
    throw new Error(`${err.message}\n${output}`, { cause: err });
  }
  return {
    url,
    superuser,
    process: proc,
    log: () => output,
    untilIdle: () => untilIdle(proc.pid),
    stop: () => signal(proc, "SIGTERM"),
    // The power cut: nothing is flushed or said goodbye to.
    kill: () => signal(proc, "SIGKILL"),
  };
}

/** Sends the signal and resolves once the process has exited (at once if it already had). */
function signal(proc, name) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill(name);
  });
}

/** CPU seconds the process has used so far (user + system), from /proc (Linux). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

/**
 * Resolves once the server has used under 5% of a core for a whole second (Linux), at most after
 * `limitMs`: after seeding it is still making picture renditions, and a measurement taken then
 * would count that work against the pages. Where /proc is missing it resolves at once.
 */
async function untilIdle(pid, limitMs = 120_000) {
  const deadline = Date.now() + limitMs;
  try {
    let before = cpuSeconds(pid);
    while (Date.now() < deadline) {
      await sleep(1000);
      const now = cpuSeconds(pid);
      if (now - before < 0.05) return;
      before = now;
    }
  } catch {
    // no /proc: nothing to wait on
  }
}
