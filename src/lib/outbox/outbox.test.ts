import Dexie, { type Table } from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backoffDelay, classify, createOutbox, newActionId, OutboxRefusal, type OutboxAction, type OutboxOptions } from "./outbox";

class TestDb extends Dexie {
  outbox!: Table<OutboxAction, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ outbox: "id, createdAt, status, kind" });
  }
}

let db: TestDb;
let online: boolean;
let timers: { fn: () => void; ms: number }[];

function make(extra: OutboxOptions = {}) {
  return createOutbox(() => db.outbox, {
    isOnline: () => online,
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      timers = timers.filter((t) => t !== h);
    },
    ...extra,
  });
}

function httpError(status: number, message: string, data: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { status, response: { message, data } });
}

beforeEach(async () => {
  db = new TestDb(`outbox-${Math.random()}`);
  await db.open();
  online = true;
  timers = [];
});

afterEach(async () => {
  await db.delete();
});

describe("ids and back-off", () => {
  it("makes PocketBase-shaped ids", () => {
    const ids = new Set(Array.from({ length: 200 }, newActionId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it("starts at 200 ms, doubles, and stops at 30 s", () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([200, 400, 800, 1600]);
    expect(backoffDelay(8)).toBe(25_600);
    expect(backoffDelay(9)).toBe(30_000);
    expect(backoffDelay(50)).toBe(30_000);
  });

  it("classifies errors", () => {
    expect(classify(new TypeError("Failed to fetch")).kind).toBe("retry");
    expect(classify(httpError(0, "aborted")).kind).toBe("retry");
    expect(classify(httpError(503, "down")).kind).toBe("retry");
    expect(classify(httpError(429, "slow down")).kind).toBe("retry");
    expect(classify(new OutboxRefusal("No"))).toEqual({ kind: "refused", reason: "No" });
    expect(classify(httpError(400, "Failed to create record.", { contact_email: { code: "validation_invalid_email", message: "Must be a valid email address." } }))).toEqual({
      kind: "refused",
      reason: "Failed to create record. contact_email: Must be a valid email address.",
    });
    expect(classify(httpError(400, "Failed to create record.", { id: { code: "validation_not_unique", message: "Value must be unique." } })).kind).toBe("sent");
  });
});

describe("outbox", () => {
  it("keeps actions while offline and sends them once, in order, when back online", async () => {
    const box = make();
    const sent: string[] = [];
    box.registerSender<{ n: number }>("note", async (p, ctx) => {
      sent.push(`${p.n}:${ctx.id}`);
    });
    online = false;
    const a = await box.enqueue("note", { n: 1 });
    const b = await box.enqueue("note", { n: 2 });
    const c = await box.enqueue("note", { n: 3 });
    await box.flush();
    expect(sent).toEqual([]);
    expect(await db.outbox.count()).toBe(3);

    online = true;
    await Promise.all([box.flush(), box.flush(), box.flush()]);
    expect(sent).toEqual([`1:${a.id}`, `2:${b.id}`, `3:${c.id}`]);
    expect(await db.outbox.count()).toBe(0);
    await box.flush();
    expect(sent).toHaveLength(3);
  });

  it("two outboxes on one database (two tabs) never send the same action twice", async () => {
    let chain = Promise.resolve();
    const lock = <T>(fn: () => Promise<T>) => {
      const run = chain.then(fn);
      chain = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tabA = make({ withLock: lock });
    const tabB = make({ withLock: lock });
    const sent: number[] = [];
    const sender = async (p: { n: number }) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(p.n);
    };
    online = false;
    tabA.registerSender("note", sender);
    tabB.registerSender("note", sender);
    for (let n = 1; n <= 5; n++) await tabA.enqueue("note", { n });
    online = true;
    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush(), tabB.flush()]);
    expect(sent).toEqual([1, 2, 3, 4, 5]);
  });

  it("holds actions whose sender has not registered yet, then sends them", async () => {
    const box = make();
    await box.enqueue("late", { x: 1 });
    await box.flush();
    expect(await db.outbox.count()).toBe(1);
    const got: unknown[] = [];
    box.registerSender("late", async (p) => void got.push(p));
    await box.flush();
    expect(got).toEqual([{ x: 1 }]);
  });

  it("retries a network failure with back-off, keeping later actions behind it", async () => {
    const box = make();
    let failures = 3;
    const sent: number[] = [];
    box.registerSender<{ n: number }>("note", async (p) => {
      if (p.n === 1 && failures-- > 0) throw new TypeError("Failed to fetch");
      sent.push(p.n);
    });
    online = false;
    await box.enqueue("note", { n: 1 });
    await box.enqueue("note", { n: 2 });
    online = true;

    await box.flush();
    expect(sent).toEqual([]);
    const first = await db.outbox.orderBy("createdAt").first();
    expect(first).toMatchObject({ status: "queued", attempts: 1, error: "Failed to fetch" });
    expect(timers.map((t) => t.ms)).toEqual([200]);

    for (const expected of [400, 800]) {
      const t = timers.shift()!;
      t.fn();
      await box.flush();
      expect(timers.map((x) => x.ms)).toEqual([expected]);
    }
    timers.shift()!.fn();
    await box.flush();
    expect(sent).toEqual([1, 2]);
    expect(timers).toEqual([]);
  });

  it("keeps a refused action with the reason, lets it be edited and sent, and carries on with the rest", async () => {
    const box = make();
    const stored: string[] = [];
    box.registerSender<{ email: string }>("signup", async (p) => {
      if (!p.email.includes("@")) throw httpError(400, "Failed to create record.", { email: { code: "validation_invalid_email", message: "Must be a valid email address." } });
      stored.push(p.email);
    });
    online = false;
    const bad = await box.enqueue("signup", { email: "nope" });
    await box.enqueue("signup", { email: "a@b.example" });
    online = true;
    await box.flush();
    expect(stored).toEqual(["a@b.example"]);
    const refused = await db.outbox.get(bad.id);
    expect(refused).toMatchObject({ status: "refused", payload: { email: "nope" }, error: "Failed to create record. email: Must be a valid email address." });

    await box.flush();
    expect(stored).toHaveLength(1); // refused actions wait for an edit

    await box.retry(bad.id, { email: "fixed@b.example" });
    await box.flush();
    expect(stored).toEqual(["a@b.example", "fixed@b.example"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("treats a duplicate id as already delivered (the first answer was lost)", async () => {
    const box = make();
    const seen = new Set<string>();
    let loseAnswer = true;
    box.registerSender("req", async (_p, { id }) => {
      if (seen.has(id)) throw httpError(400, "Failed to create record.", { id: { code: "validation_not_unique", message: "Value must be unique." } });
      seen.add(id);
      if (loseAnswer) {
        loseAnswer = false;
        throw new TypeError("Failed to fetch");
      }
    });
    await box.enqueue("req", {});
    await box.flush();
    expect(await db.outbox.count()).toBe(1);
    timers.shift()!.fn();
    await box.flush();
    expect(await db.outbox.count()).toBe(0);
    expect(seen.size).toBe(1);
  });

  it("re-sends an action left in flight by a closed tab, under the same id", async () => {
    const a: OutboxAction = { id: newActionId(), kind: "req", payload: { n: 1 }, createdAt: 1, status: "sending", attempts: 1 };
    await db.outbox.add(a);
    const box = make();
    const ids: string[] = [];
    box.registerSender("req", async (_p, { id }) => void ids.push(id));
    await box.flush();
    expect(ids).toEqual([a.id]);
  });

  it("cancels queued and refused actions but not one in flight", async () => {
    const box = make();
    online = false;
    const a = await box.enqueue("x", 1);
    expect(await box.cancel(a.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);

    let release!: () => void;
    box.registerSender("y", () => new Promise<void>((r) => (release = r)));
    const b = await box.enqueue("y", 2);
    online = true;
    const flushing = box.flush();
    await new Promise((r) => setTimeout(r, 20));
    expect(await box.cancel(b.id)).toBe(false);
    release();
    await flushing;
    expect(await db.outbox.count()).toBe(0);
  });

  it("submit: sent now when online, queued when offline, refused hands the reason back and leaves nothing behind", async () => {
    const box = make();
    box.registerSender<{ ok: boolean }>("form", async (p, { id }) => {
      if (!p.ok) throw new OutboxRefusal("Please fix the form");
      return { id };
    });
    const sent = await box.submit("form", { ok: true });
    expect(sent).toMatchObject({ state: "sent", result: { id: sent.id } });

    const refused = await box.submit("form", { ok: false });
    expect(refused).toMatchObject({ state: "refused", reason: "Please fix the form" });
    expect(await db.outbox.count()).toBe(0);

    online = false;
    const queued = await box.submit("form", { ok: true });
    expect(queued.state).toBe("queued");
    expect(await db.outbox.get(queued.id)).toMatchObject({ status: "queued" });
  });

  it("start() flushes at once and again on the online event", async () => {
    const box = make();
    const sent: number[] = [];
    box.registerSender<number>("n", async (p) => void sent.push(p));
    online = false;
    await box.enqueue("n", 1);
    online = true;
    const target = new EventTarget();
    const g = globalThis as { window?: unknown };
    const hadWindow = "window" in g;
    g.window = target;
    try {
      const stop = box.start();
      await box.flush();
      expect(sent).toEqual([1]);
      online = false;
      await box.enqueue("n", 2);
      online = true;
      target.dispatchEvent(new Event("online"));
      await box.flush();
      expect(sent).toEqual([1, 2]);
      stop();
    } finally {
      if (!hadWindow) delete g.window;
    }
  });

  it("reports how saved actions ended when no form waited for them, once per flush, and keeps them until heard", async () => {
    const box = make();
    box.registerSender<{ n: number }>("note", async (p) => {
      if (p.n === 2) throw new OutboxRefusal("Too long");
    });
    online = false;
    await box.enqueue("note", { n: 1 }, "Note 1");
    await box.enqueue("note", { n: 2 }, "Note 2");
    online = true;
    await box.flush();
    const heard: unknown[] = [];
    const stop = box.onBackgroundOutcomes((o) => heard.push(o));
    expect(heard).toEqual([
      [
        { state: "sent", summary: "Note 1" },
        { state: "refused", summary: "Note 2", reason: "Too long" },
      ],
    ]);

    // A form's own send is its form's to tell, even when earlier saved actions go out with it.
    online = false;
    await box.enqueue("note", { n: 3 }, "Note 3");
    online = true;
    expect(await box.submit("note", { n: 4 }, "Note 4")).toMatchObject({ state: "sent" });
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual([{ state: "sent", summary: "Note 3" }]);
    expect(await box.submit("note", { n: 2 }, "Note 2 again")).toMatchObject({ state: "refused" });
    expect(heard).toHaveLength(2);

    stop();
    await box.enqueue("note", { n: 5 });
    await box.flush();
    expect(heard).toHaveLength(2);
  });
});
