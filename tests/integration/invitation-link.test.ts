import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// Without a mail server no invitation can be mailed: the Users screen says so and gives the admin
// the link to pass on, instead of "Invitation sent" over a file written on the server.

let server: TestServer;
let owner: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ SMTP_URL: "", SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(async () => {
  await server.close();
});

describe(`an invitation without a mail server (${testDatabaseKind})`, () => {
  it("answers the link, which works; no mail is written", async () => {
    const outbox = server.services.mailer.outbox!;
    const mailsBefore = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const answer = await postForm(server.url, "/admin/users", { intent: "invite", email: "teacher@example.com", role: "contributor" }, owner);
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain("The invitation link is ready");
    expect(page).toContain("No mail server is set up, so no email was sent: copy the link and send it to teacher@example.com yourself.");
    expect(page).not.toContain("Invitation sent");
    const token = /\/invite\?token=([\w-]+)/.exec(page)![1]!;
    const invitation = await (await fetch(`${server.url}/invite?token=${token}`)).text();
    expect(invitation).toContain("Join The Educator");
    expect(invitation).toContain("teacher@example.com");
    // Nothing queued: a mail's fresh link would have replaced the one the admin holds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")).length : 0).toBe(mailsBefore);
  });
});
