import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inTurn, whenIdle } from "./idle";

describe("inTurn", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the steps in order, each in a task of its own, the first once idle", () => {
    const ran: string[] = [];
    inTurn([() => ran.push("a"), () => ran.push("b"), () => ran.push("c")], whenIdle);
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
    const cancel = inTurn([() => ran.push("a"), () => ran.push("b")]);
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(["a"]);
  });

  it("starts in the next task when not asked to wait for idle", () => {
    const ran: string[] = [];
    inTurn([() => ran.push("a"), () => ran.push("b")]);
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a"]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b"]);
  });
});
