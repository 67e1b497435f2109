import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenIdleInTurn } from "./idle";

describe("whenIdleInTurn", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the steps in order, each in a task of its own, once idle", () => {
    const ran: string[] = [];
    whenIdleInTurn([() => ran.push("a"), () => ran.push("b"), () => ran.push("c")]);
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a"]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b"]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b", "c"]);
  });

  it("runs no step after its cancel, whichever step is next", () => {
    const ran: string[] = [];
    const cancel = whenIdleInTurn([() => ran.push("a"), () => ran.push("b")]);
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(["a"]);
  });
});
