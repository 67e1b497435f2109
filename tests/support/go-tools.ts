// Test servers installed with `go install` (npm test installs the missing ones): where they are.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export function goBinary(name: string, module: string): string {
  const dirs: string[] = [];
  try {
    const [gobin, gopath] = execFileSync("go", ["env", "GOBIN", "GOPATH"], { encoding: "utf8" }).split("\n");
    if (gobin) dirs.push(gobin);
    if (gopath) dirs.push(join(gopath, "bin"));
  } catch {
    // no Go: PATH may still have it
  }
  dirs.push(...(process.env.PATH ?? "").split(":"));
  const found = dirs.map((d) => join(d, name)).find((p) => existsSync(p));
  if (!found) throw new Error(`${name} is not installed: run \`go install ${module}\``);
  return found;
}
