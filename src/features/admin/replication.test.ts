import { describe, expect, it } from "vitest";
import { describeReplication } from "./replication";

const now = new Date("2026-11-25T14:00:00Z");

describe("describeReplication", () => {
  it("says nothing while replication is off or the server did not say", () => {
    expect(describeReplication({ state: "off", message: "Replication is off" }, now)).toBeNull();
    expect(describeReplication(undefined, now)).toBeNull();
  });

  it("tells how long ago data was last copied", () => {
    expect(describeReplication({ state: "ok", lastReplicatedAt: "2026-11-25T13:59:58Z", message: "" }, now)).toEqual({ alert: false, text: "Data last copied to the backup bucket just now" });
    expect(describeReplication({ state: "ok", lastReplicatedAt: "2026-11-25T13:59:30Z", message: "" }, now)?.text).toBe("Data last copied to the backup bucket 30 s ago");
    expect(describeReplication({ state: "ok", lastReplicatedAt: "2026-11-25T13:57:00Z", message: "" }, now)?.text).toBe("Data last copied to the backup bucket 3 min ago");
  });

  it("raises an alert with the server's words when replication fails", () => {
    const failing = describeReplication({ state: "failing", lastReplicatedAt: "2026-11-25T13:50:00Z", message: "Replication has failed since 2026-11-25T13:50:00Z: writes since then are only on this disk." }, now);
    expect(failing?.alert).toBe(true);
    expect(failing?.text).toMatch(/^Replication has failed since 2026-11-25T13:50:00Z/);
  });
});
