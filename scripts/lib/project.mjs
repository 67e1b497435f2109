// Paths and small helpers the scripts share.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import net from "node:net";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const serverBinary = join(root, "pocketbase", process.platform === "win32" ? "studio-server.exe" : "studio-server");

export function requireCommand(cmd, message) {
  try {
    execFileSync(cmd, ["version"], { stdio: "ignore" });
  } catch {
    try {
      execFileSync(cmd, ["--version"], { stdio: "ignore" });
    } catch {
      console.error(message);
      process.exit(1);
    }
  }
}

export function portIsFree(host, port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseUrl, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy in ${timeoutMs} ms`);
}
