// The S3 fake (gofakes3), shared with the scripts' replication drill.
// @ts-expect-error plain ESM helper shared with the scripts
import { GOFAKES3 as module, startFakeS3 as start, replicaEnv as env } from "../../scripts/lib/fake-s3.mjs";

export const GOFAKES3: string = module;

export const startFakeS3: () => Promise<{ url: string; keys(bucket: string): Promise<string[]>; stop(): Promise<void> }> = start;

/** The variables of a server replicating to `s3://replica/<path>` on the fake at `s3Url`. */
export const replicaEnv: (s3Url: string, path: string) => Record<string, string> = env;
