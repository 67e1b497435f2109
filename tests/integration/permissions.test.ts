// SPEC §6 on the server: every role against every collection and action.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { form, pngFile, pdfFile } from "../support/files";

type Role = "anonymous" | "customerA" | "customerB" | "admin";
type Action = "list" | "view" | "create" | "update" | "delete";
const ROLES: Role[] = ["anonymous", "customerA", "customerB", "admin"];
const ACTIONS: Action[] = ["list", "view", "update", "delete", "create"];

let server: TestServer;
const clients = {} as Record<Role, PocketBase>;
let userA = "";
let commissionA = "";

const everyone = { anonymous: true, customerA: true, customerB: true, admin: true };
const adminOnly = { anonymous: false, customerA: false, customerB: false, admin: true };
const ownerAndAdmin = { anonymous: false, customerA: true, customerB: false, admin: true };
const nobody = { anonymous: false, customerA: false, customerB: false, admin: false };

interface Case {
  collection: string;
  /** Makes the record the actions are tried on, as a superuser. */
  fixture: () => Promise<string>;
  createBody: () => FormData | Record<string, unknown>;
  updateBody: Record<string, unknown>;
  allowed: Record<Action, Record<Role, boolean>>;
}

const catalog = (collection: string, fields: () => FormData, updateBody: Record<string, unknown>): Case => ({
  collection,
  fixture: async () => (await server.su.collection(collection).create(fields())).id,
  createBody: fields,
  updateBody,
  allowed: { list: everyone, view: everyone, create: adminOnly, update: adminOnly, delete: adminOnly },
});

const cases: Case[] = [
  catalog("characters", () => form({ name: "Wren", character_type: "pebblewick", status: "current" }), { name: "Wren II" }),
  catalog("tags", () => form({ name: `Tag ${Math.random()}` }), { name: `Renamed ${Math.random()}` }),
  catalog("paintings", () => form({ title: "Cove", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 30 } }, { image: pngFile() }), { title: "Cove II" }),
  catalog("books", () => form({ title: "Tales", price: 20 }, { image: pngFile() }), { title: "Tales II" }),
  catalog("merchandise", () => form({ title: "Tee", price: 25 }), { title: "Tee II" }),
  catalog("murals", () => form({ title: "Harbor", year: 2024 }, { image: pngFile() }), { title: "Harbor II" }),
  {
    ...catalog("artist_profile", () => form({ name: "Elowen" }), { name: "Elowen Marsh" }),
    // One row only: reuse it if an earlier role's turn left it in place.
    fixture: async () => {
      const rows = await server.su.collection("artist_profile").getFullList();
      return rows[0]?.id ?? (await server.su.collection("artist_profile").create({ name: "Elowen" })).id;
    },
  },
  {
    collection: "commissions",
    fixture: async () =>
      (await server.su.collection("commissions").create({ user: userA, type: "watercolor-portrait", description: "Our dog", contact_email: "a@example.com" })).id,
    createBody: () => ({ type: "indoor-mural", description: "A reading nook", contact_email: "someone@example.com" }),
    updateBody: { status: "In Progress" },
    allowed: { list: ownerAndAdmin, view: ownerAndAdmin, create: everyone, update: adminOnly, delete: adminOnly },
  },
  {
    collection: "commission_files",
    fixture: async () => (await server.su.collection("commission_files").create(form({ commission: commissionA }, { file: pdfFile() }))).id,
    createBody: () => form({ commission: commissionA }, { file: pdfFile() }),
    updateBody: { file_name: "renamed.pdf" },
    allowed: { list: ownerAndAdmin, view: ownerAndAdmin, create: ownerAndAdmin, update: adminOnly, delete: adminOnly },
  },
  {
    collection: "commission_messages",
    fixture: async () => (await server.su.collection("commission_messages").create({ commission: commissionA, content: "Hello", sender_role: "admin" })).id,
    createBody: () => ({ commission: commissionA, content: "A question about sizes" }),
    updateBody: { is_read: true },
    // The fixture is the studio's message: only its reader, the customer, marks it read.
    allowed: { list: ownerAndAdmin, view: ownerAndAdmin, create: ownerAndAdmin, update: { ...nobody, customerA: true }, delete: adminOnly },
  },
  {
    collection: "purchases",
    fixture: async () =>
      (await server.su.collection("purchases").create({ user: userA, product_id: "x", product_type: "painting", product_title: "Cove (Print)", amount: 30, quantity: 1, status: "completed", payment_id: "cs_1" })).id,
    createBody: () => ({ user: userA, product_title: "Free art", amount: 0, quantity: 1, status: "completed" }),
    updateBody: { amount: 0 },
    allowed: { list: ownerAndAdmin, view: ownerAndAdmin, create: nobody, update: nobody, delete: nobody },
  },
  {
    collection: "abandoned_carts",
    fixture: async () => (await server.su.collection("abandoned_carts").create({ session_id: `s-${Math.random()}`, cart_items: [], total_price: 10 })).id,
    createBody: () => ({ session_id: `s-${Math.random()}`, cart_items: [], total_price: 1 }),
    updateBody: { is_converted: true },
    allowed: { list: adminOnly, view: adminOnly, create: nobody, update: nobody, delete: adminOnly },
  },
  {
    collection: "checkout_sessions",
    fixture: async () =>
      (await server.su.collection("checkout_sessions").create({ provider: "demo", provider_session_id: `cs_${Math.random()}`, status: "open", amount_total: 100 })).id,
    createBody: () => ({ provider: "demo", provider_session_id: `cs_${Math.random()}`, status: "paid", amount_total: 1 }),
    updateBody: { status: "paid" },
    allowed: { list: adminOnly, view: adminOnly, create: nobody, update: nobody, delete: nobody },
  },
  {
    collection: "newsletter_subscribers",
    fixture: async () =>
      (await server.su.collection("newsletter_subscribers").create({ email: `n${Math.random()}@example.com`, first_name: "N", last_name: "S", state: "pending" })).id,
    createBody: () => ({ email: `x${Math.random()}@example.com`, first_name: "X", last_name: "Y", state: "confirmed" }),
    updateBody: { first_name: "Changed" },
    allowed: { list: adminOnly, view: adminOnly, create: nobody, update: nobody, delete: adminOnly },
  },
];

async function attempt(pb: PocketBase, c: Case, action: Action, id: string): Promise<boolean> {
  const col = pb.collection(c.collection);
  try {
    switch (action) {
      case "list":
        return (await col.getFullList({ fields: "id" })).some((r) => r.id === id);
      case "view":
        return (await col.getOne(id)).id === id;
      case "create":
        await col.create(c.createBody());
        return true;
      case "update":
        await col.update(id, c.updateBody);
        return true;
      case "delete":
        await col.delete(id);
        return true;
    }
  } catch (err) {
    const status = (err as { status?: number }).status;
    // A refusal is 400 (create rule failed), 403 or 404; anything else is a broken server.
    expect([400, 403, 404]).toContain(status);
    return false;
  }
}

beforeAll(async () => {
  server = await startServer();
  clients.anonymous = server.client();
  clients.customerA = await signedInUser(server, "ada@example.com");
  clients.customerB = await signedInUser(server, "bea@example.com");
  clients.admin = await signedInUser(server, "owner@lanternwood.example");
  userA = clients.customerA.authStore.record!.id;
  commissionA = (await server.su.collection("commissions").create({ user: userA, type: "watercolor-portrait", description: "Our cat", contact_email: "ada@example.com" })).id;
});

afterAll(async () => {
  await server?.stop();
});

describe.each(cases)("$collection", (c) => {
  it.each(ROLES)("as %s: list, view, update, delete and create follow SPEC §6", async (role) => {
    const id = await c.fixture();
    const seen: Record<string, boolean> = {};
    for (const action of ACTIONS) seen[action] = await attempt(clients[role], c, action, id);
    const expected = Object.fromEntries(ACTIONS.map((a) => [a, c.allowed[a][role]]));
    expect(seen).toEqual(expected);
  });
});

describe("users and the admin rule", () => {
  it("a customer sees only themselves; the admin sees everyone; a visitor sees no one", async () => {
    const ids = async (pb: PocketBase) => (await pb.collection("users").getFullList({ fields: "id" })).map((u) => u.id);
    const userB = clients.customerB.authStore.record!.id;
    expect(await ids(clients.customerA)).toEqual([userA]);
    expect(await ids(clients.anonymous)).toEqual([]);
    expect(await ids(clients.admin)).toEqual(expect.arrayContaining([userA, userB]));
    await expect(clients.customerB.collection("users").getOne(userA)).rejects.toMatchObject({ status: 404 });
  });

  it("a customer cannot make themselves admin", async () => {
    await expect(clients.customerA.collection("users").update(userA, { is_admin: true })).rejects.toMatchObject({ status: 404 });
    await clients.customerA.collection("users").update(userA, { first_name: "Ada" });
    const me = await server.su.collection("users").getOne(userA);
    expect(me.is_admin).toBe(false);
    expect(me.first_name).toBe("Ada");
  });

  it("a sign-up cannot ask for admin, and an unverified admin-domain address is not admin", async () => {
    const anon = server.client();
    const password = "long-enough-pass";
    await expect(
      anon.collection("users").create({ email: "sneaky@example.com", password, passwordConfirm: password, is_admin: true }),
    ).rejects.toMatchObject({ status: 400 });
    const rec = await anon.collection("users").create({ email: "intern@lanternwood.example", password, passwordConfirm: password });
    expect(rec.is_admin).toBeFalsy();
    await anon.collection("users").authWithPassword("intern@lanternwood.example", password);
    expect(anon.authStore.record?.is_admin).toBe(false);
    // Once the studio verifies the address, the next sign-in makes it admin.
    await server.su.collection("users").update(rec.id, { verified: true });
    await anon.collection("users").authWithPassword("intern@lanternwood.example", password);
    expect(anon.authStore.record?.is_admin).toBe(true);
  });

  it("the demo-domain admin is admin, a customer is not", () => {
    expect(clients.admin.authStore.record?.is_admin).toBe(true);
    expect(clients.customerA.authStore.record?.is_admin).toBe(false);
  });
});
