// Commissions and their threads: who may see, post and download what; what the server decides.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { exeAsPng, form, oversizedPng, pdfFile, pngFile } from "../support/files";

let server: TestServer;
let ada: PocketBase;
let bea: PocketBase;
let admin: PocketBase;
let adaCommission = "";

beforeAll(async () => {
  server = await startServer();
  ada = await signedInUser(server, "ada@example.com", { first_name: "Ada", last_name: "Lovelace" });
  bea = await signedInUser(server, "bea@example.com");
  admin = await signedInUser(server, "owner@lanternwood.example");
  adaCommission = (await ada.collection("commissions").create({ type: "watercolor-portrait", description: "Our cat, Biscuit", contact_email: "x@y.z" })).id;
});

afterAll(() => server?.stop());

describe("a new commission", () => {
  it("starts Not Started / Unpaid / 0 / 0 and belongs to its author, whatever the client sends", async () => {
    const c = await ada.collection("commissions").create({
      type: "indoor-mural",
      description: "A reading nook",
      contact_email: "someone-else@example.com",
      status: "Complete",
      payment_status: "Paid",
      total_price: 1,
      amount_paid: 1000,
      user: bea.authStore.record!.id,
      title: "Free mural",
    });
    expect(c).toMatchObject({
      status: "Not Started",
      payment_status: "Unpaid",
      total_price: 0,
      amount_paid: 0,
      title: "indoor-mural",
      user: ada.authStore.record!.id,
      contact_email: "ada@example.com",
      contact_name: "Ada Lovelace",
    });
  });

  it("can come from a visitor, unlinked, and needs an e-mail and a description", async () => {
    const anon = server.client();
    const c = await anon.collection("commissions").create({ type: "outdoor-mural", description: "Garden wall", contact_email: "visitor@example.com", user: ada.authStore.record!.id });
    expect(c.user).toBe("");
    await expect(anon.collection("commissions").create({ type: "outdoor-mural", description: "x", contact_email: "nope" })).rejects.toMatchObject({ status: 400 });
    await expect(anon.collection("commissions").create({ type: "outdoor-mural", description: "  ", contact_email: "v@example.com" })).rejects.toMatchObject({ status: 400 });
  });

  it("keeps a deadline only when it is a day on the calendar", async () => {
    // Few requests: the server takes ten new commissions a minute from one address.
    const anon = server.client();
    const request = (deadline: string) => anon.collection("commissions").create({ type: "indoor-mural", description: "A hallway of foxes", contact_email: "v@example.com", deadline });
    const kept = await request("2028-02-29");
    expect(kept.deadline).toBe("2028-02-29");
    for (const bad of ["2027-02-29", "2027-13-01", "2027-04-31"]) {
      await expect(request(bad), bad).rejects.toMatchObject({ status: 400, response: { message: "Please pick a date." } });
    }
    await expect(admin.collection("commissions").update(kept.id, { deadline: "2027-00-10" })).rejects.toMatchObject({ status: 400, response: { message: "Please pick a date." } });
    expect((await admin.collection("commissions").update(kept.id, { deadline: "" })).deadline).toBe("");
  });
});

describe("threads and files", () => {
  it("lets the owner and the admin talk, records who sent what, and keeps others out", async () => {
    const mine = await ada.collection("commission_messages").create({ commission: adaCommission, content: "Hello!", sender_role: "admin", sender_name: "Studio" });
    expect(mine).toMatchObject({ sender: ada.authStore.record!.id, sender_role: "customer", sender_name: "Ada", is_read: false });
    const reply = await admin.collection("commission_messages").create(form({ commission: adaCommission, content: "Hi Ada" }, { attachments: [pdfFile("sketch.pdf")] }));
    expect(reply).toMatchObject({ sender_role: "admin", sender_name: "Lanternwood Studio" });
    expect(reply.attachments).toHaveLength(1);
    expect(reply.attachment_meta).toEqual([{ name: "sketch.pdf", type: "application/pdf", size: expect.any(Number) }]);

    await expect(bea.collection("commission_messages").create({ commission: adaCommission, content: "Let me in" })).rejects.toMatchObject({ status: 400 });
    expect(await bea.collection("commission_messages").getFullList({ filter: `commission = "${adaCommission}"` })).toHaveLength(0);
    expect(await server.client().collection("commission_messages").getFullList()).toHaveLength(0);
    await expect(bea.collection("commissions").getOne(adaCommission)).rejects.toMatchObject({ status: 404 });
  });

  it("needs text or a file in a reply", async () => {
    await expect(ada.collection("commission_messages").create({ commission: adaCommission, content: "   " })).rejects.toMatchObject({ status: 400 });
  });

  it("refuses a 10 MB + 1 byte attachment and an .exe renamed .png with the spec's texts", async () => {
    await expect(ada.collection("commission_messages").create(form({ commission: adaCommission, content: "big" }, { attachments: [oversizedPng(1)] }))).rejects.toMatchObject({
      status: 400,
      response: { message: "File too large. Maximum size is 10MB." },
    });
    await expect(ada.collection("commission_messages").create(form({ commission: adaCommission, content: "exe" }, { attachments: [exeAsPng()] }))).rejects.toMatchObject({
      status: 400,
      response: { message: "Invalid file type. Only JPEG, PNG, GIF, and PDF are allowed." },
    });
    await expect(ada.collection("commission_files").create(form({ commission: adaCommission }, { file: exeAsPng() }))).rejects.toMatchObject({ status: 400 });
  });

  it("protects files: the owner and the admin download with a file token, nobody else can", async () => {
    const f = await ada.collection("commission_files").create(form({ commission: adaCommission }, { file: pngFile("reference.png") }));
    expect(f).toMatchObject({ file_name: "reference.png", file_type: "image/png", uploaded_by: ada.authStore.record!.id });
    const url = (token?: string) => `${server.url}/api/files/${f.collectionId}/${f.id}/${f.file}${token ? `?token=${token}` : ""}`;
    expect((await fetch(url())).status).toBe(404);
    expect((await fetch(url(await ada.files.getToken()))).status).toBe(200);
    expect((await fetch(url(await admin.files.getToken()))).status).toBe(200);
    expect((await fetch(url(await bea.files.getToken()))).status).toBe(404);
    await expect(bea.collection("commission_files").create(form({ commission: adaCommission }, { file: pngFile() }))).rejects.toMatchObject({ status: 400 });
  });
});
