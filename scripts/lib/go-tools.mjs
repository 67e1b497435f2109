// Test servers installed with `go install` (npm test installs the missing ones): where they are.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * Where a `go install`ed command is: GOBIN, GOPATH/bin, then PATH.
 * @param {string} name
 * @param {string} module
 * @returns {string}
 */
export function goBinary(name, module) {
  const dirs = [];
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

