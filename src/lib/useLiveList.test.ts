import { describe, expect, it } from "vitest";
import type { RecordModel } from "pocketbase";
import { comparator, merge } from "./useLiveList";

const msg = (id: string, created: string, updated = created, content = id) => ({ id, created, updated, content, collectionId: "m", collectionName: "commission_messages" }) as RecordModel;

describe("a live list's merge", () => {
  it("applies every change once by id and keeps the list in its order", () => {
    const asc = comparator("created");
    const list = [msg("a", "1"), msg("b", "2")];
    // A caught-up page repeats what realtime already delivered: still once each.
    const once = merge(merge(list, [msg("c", "3")], [], asc), [msg("c", "3"), msg("b", "2")], [], asc);
    expect(once.map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(merge(once, [], ["b", "zz"], asc).map((m) => m.id)).toEqual(["a", "c"]);
    expect(merge(list, [msg("c", "3")], [], comparator("-created")).map((m) => m.id)).toEqual(["c", "b", "a"]);
  });

  it("keeps the newer version when an older one arrives late", () => {
    const asc = comparator("created");
    const read = merge([msg("a", "1", "5", "read")], [msg("a", "1", "3", "stale")], [], asc);
    expect(read[0].content).toBe("read");
    expect(merge(read, [msg("a", "1", "7", "edited")], [], asc)[0].content).toBe("edited");
  });

  it("breaks ties in the sort field by id, so two messages of one millisecond keep one order", () => {
    const asc = comparator("created");
    expect(merge([], [msg("b", "1"), msg("a", "1")], [], asc).map((m) => m.id)).toEqual(["a", "b"]);
  });
});
