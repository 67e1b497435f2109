// The From name of the studio's letters: the studio's name unless STUDIO_MAIL_SENDER_NAME or the
// dashboard says otherwise, never PocketBase's "Support".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { startMailServer, type MailServer } from "../support/maildev";

async function resetLetterFrom(server: TestServer, mail: MailServer, email: string) {
  await server.client().collection("users").requestPasswordReset(email);
  return (await mail.waitFor(email, /new password/)).from[0];
}

describe("the sender's name", () => {
  let mail: MailServer;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await mail?.stop();
  });

  async function shop(env: Record<string, string>) {
    const { STUDIO_MAIL_SENDER_NAME: _, ...withoutName } = mail.env;
    const server = await startServer({ ...withoutName, ...env });
    servers.push(server);
    return server;
  }

  it("is the studio's name when STUDIO_MAIL_SENDER_NAME is not set, and the dashboard can change it", async () => {
    const server = await shop({});
    expect(server.log()).toContain(`Mail: sending through 127.0.0.1:${mail.smtpPort} as Lanternwood Studio <hello@lanternwood.example>`);
    await signedInUser(server, "ada@example.com");
    expect(await resetLetterFrom(server, mail, "ada@example.com")).toEqual({ address: "hello@lanternwood.example", name: "Lanternwood Studio" });

    // PocketBase sends one reset per address in a while: the second letter goes to another account.
    await server.su.settings.update({ meta: { senderName: "Lanternwood Commissions" } });
    await signedInUser(server, "grace@example.com");
    expect((await resetLetterFrom(server, mail, "grace@example.com")).name).toBe("Lanternwood Commissions");
  });

  it("follows STUDIO_NAME", async () => {
    const server = await shop({ STUDIO_NAME: "Foxglove Atelier" });
    await signedInUser(server, "june@example.com");
    expect((await resetLetterFrom(server, mail, "june@example.com")).name).toBe("Foxglove Atelier");
  });
});
