// Test servers installed with `go install`: the lookup is shared with the scripts.
// @ts-expect-error plain ESM helper shared with the scripts
import { goBinary as find } from "../../scripts/lib/go-tools.mjs";

export const goBinary: (name: string, module: string) => string = find;
