import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { articles, comments, webhookDeliveries, webhooks } from "#database/schema";
import { sha256 } from "#app/server/auth/tokens.server";
import { metrics } from "#app/server/core/metrics.server";
import { startWebhookSender, type WebhookSender } from "#app/server/webhooks/webhook-sender.server";
import { webhookInputSchema } from "#app/server/webhooks/webhooks.server";
import { webhookEvents } from "#app/server/webhooks/webhook-events.server";
import { aCategory, aComment, aCommunityQuestion, anAccount, aSubscriber } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { eventually } from "#tests/helpers/pages";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// Webhooks: events raised by the database in the transaction that caused them, each delivered as a
// signed JSON POST by senders on any instance, retried with backoff for a day, logged and replayable.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: answers each request with the next status of `plan` (then 200), after `delayMs`. */
async function startReceiver(plan: number[] = [], delayMs = 0) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = plan.shift() ?? 200;
      setTimeout(() => response.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? "ok" : "try later"), delayMs);
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/educator`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: TestServer;
let admin: CookieJar;
let categoryId: string;
const senders: WebhookSender[] = [];
const receivers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  // This server sends nothing itself: each test starts the senders it needs (fast retries).
  server = await startTestServer({ SEED_DEMO: "false", WEBHOOK_WORKER: "false", OUTBOUND_ALLOW_PRIVATE: "true" });
  const account = await anAccount(server.services.db, { role: "admin" });
  admin = await signInOverHttp(server.url, account.email, account.password);
  categoryId = (await aCategory(server.services.db)).id;
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await server.services.db.delete(webhooks);
});
afterAll(() => server?.close());

async function receiver(plan: number[] = [], delayMs = 0) {
  const started = await startReceiver(plan, delayMs);
  receivers.push(started);
  return started;
}

async function sender(options: { allowPrivate?: boolean; retrySeconds?: number; idleMs?: number } = {}) {
  const started = await startWebhookSender({
    db: server.services.db,
    database: server.services.database,
    log: pino({ level: "silent" }),
    allowPrivate: options.allowPrivate ?? true,
    retrySeconds: options.retrySeconds ?? 0.05,
    idleMs: options.idleMs ?? 50,
  });
  senders.push(started);
  return started;
}

/** Presses "Send test" on a webhook's row. */
async function sendTestTo(id: string) {
  expect(
    (
      await postWebhooks([
        ["intent", "test"],
        ["id", id],
      ])
    ).status,
  ).toBe(200);
}

/** Posts the Webhooks screen's form (events repeated, as a browser sends checkboxes). */
function postWebhooks(fields: Array<[string, string]>, jar: CookieJar = admin) {
  return fetch(`${server.url}/admin/webhooks`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
}

/** Adds a webhook on the screen; returns its row (with the secret). */
async function addWebhook(url: string, events: readonly string[] = webhookEvents, name = "Receiver") {
  const response = await postWebhooks([["intent", "create"], ["name", name], ["url", url], ...events.map((event): [string, string] => ["events", event])]);
  expect(response.status).toBe(200);
  const [hook] = await server.services.db.select().from(webhooks).where(eq(webhooks.url, url));
  expect(await response.text()).toContain(hook!.secret);
  return hook!;
}

const articleForm = (fields: Record<string, string>) => ({
  title: "",
  excerpt: "",
  content: "Body",
  categoryId,
  status: "draft",
  featuredImageUrl: "",
  ...fields,
});

async function publishArticle(title: string) {
  const response = await postForm(server.url, "/admin/articles/new", articleForm({ title, status: "published", excerpt: "What it is about" }), admin);
  expect(response.status).toBe(302);
  return (await server.services.db.select().from(articles).where(eq(articles.title, title)))[0]!;
}

const deliveriesOf = (hookId: string) =>
  server.services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(asc(webhookDeliveries.createdAt));

function expectSigned(request: Received, secret: string) {
  const timestamp = String(request.headers["x-educator-timestamp"]);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
  const expected = `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
  const given = String(request.headers["x-educator-signature"]);
  expect(given.length).toBe(expected.length);
  expect(crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
}

describe(`webhooks (${testDatabaseKind})`, () => {
  it("a receiver failing twice gets the event a third time: one delivery, three attempts, one idempotency key, each signed", async () => {
    const target = await receiver([500, 500]);
    const hook = await addWebhook(target.url, ["article.published"]);
    await sender();
    const article = await publishArticle(`Published for the hooks ${Date.now()}`);

    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOf(hook.id);
      return rows[0]?.status === "delivered" ? rows : undefined;
    }, "the delivery delivered");
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    expect(delivery).toMatchObject({ event: "article.published", status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null });
    expect(target.received).toHaveLength(3);
    for (const request of target.received) {
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["user-agent"]).toBe("TheEducator-Webhooks/1");
      expect(request.headers["x-educator-event"]).toBe("article.published");
      expect(request.headers["idempotency-key"]).toBe(delivery!.eventId);
      expect(request.headers["x-educator-event-id"]).toBe(delivery!.eventId);
      expect(request.headers["x-educator-delivery"]).toBe(delivery!.id);
      expect(request.body).toBe(delivery!.payload); // the same body each time
      expectSigned(request, hook.secret);
    }
    const body = JSON.parse(target.received[0]!.body) as { id: string; event: string; created_at: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ id: delivery!.eventId, event: "article.published" });
    expect(Date.parse(body.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.data).toMatchObject({
      id: article.id,
      title: article.title,
      slug: article.slug,
      path: `/articles/${article.id}`,
      url: `${server.services.config.PUBLIC_URL}/articles/${article.id}`,
      status: "published",
      excerpt: "What it is about",
    });
    // A signature under another secret does not match.
    expect(() => expectSigned(target.received[0]!, "whsec_other")).toThrow();

    // The admin's log shows it; replay sends it again with the same event id.
    const log = await (await fetch(`${server.url}/admin/webhooks`, { headers: { Cookie: admin.header() } })).text();
    expect(log).toContain(delivery!.eventId);
    expect(log).toContain("Delivered");
    const replayed = await postWebhooks([
      ["intent", "replay"],
      ["id", delivery!.id],
    ]);
    expect(replayed.status).toBe(200);
    await eventually(async () => (target.received.length === 4 ? true : undefined), "the replay received");
    expect(target.received[3]!.headers["idempotency-key"]).toBe(delivery!.eventId);
    expectSigned(target.received[3]!, hook.secret);
    expect(target.received[3]!.body).toBe(delivery!.payload);
    const [again] = await eventually(async () => {
      const rows = await deliveriesOf(hook.id);
      return rows[0]?.status === "delivered" && rows[0].attempts === 1 ? rows : undefined;
    }, "the replay marked delivered");
    expect(again).toMatchObject({ id: delivery!.id, eventId: delivery!.eventId, status: "delivered" });
  });

  it("raises each event once from its real action, and nothing for a reading counted", async () => {
    const target = await receiver();
    const hook = await addWebhook(target.url);
    const { db } = server.services;
    const events = async () => (await deliveriesOf(hook.id)).map((delivery) => delivery.event);

    const article = await publishArticle(`Every event ${Date.now()}`);
    expect(await events()).toEqual(["article.published"]);
    const path = `/admin/articles/${article.id}`;
    expect((await postForm(server.url, path, articleForm({ title: article.title, content: "Edited body", status: "published" }), admin)).status).toBe(302);
    expect(await events()).toEqual(["article.published", "article.updated"]);
    await db
      .update(articles)
      .set({ views: sql`${articles.views} + 5` })
      .where(eq(articles.id, article.id));
    expect(await events()).toHaveLength(2);
    expect((await postForm(server.url, path, articleForm({ title: article.title, content: "Edited body", status: "draft" }), admin)).status).toBe(302);
    expect((await events()).at(-1)).toBe("article.unpublished");
    expect((await postForm(server.url, path, articleForm({ title: article.title, content: "Edited body", status: "published" }), admin)).status).toBe(302);
    expect((await events()).at(-1)).toBe("article.published");

    const comment = await aComment(db, { articleId: article.id, authorName: "A reader", content: "Loved it" });
    expect(await events()).toHaveLength(4); // pending: not news
    expect((await postForm(server.url, "/admin/comments", { intent: "status", id: comment.id, status: "approved" }, admin)).status).toBeLessThan(400);
    expect((await db.select().from(comments).where(eq(comments.id, comment.id)))[0]!.status).toBe("approved");

    const question = await aCommunityQuestion(db, { status: "published", publishedAt: new Date(), slug: "where-to-start" });
    const answered = await postForm(server.url, `/ask-kafundisha/${question.id}-${question.slug}`, { body: "Start with **a story**." }, admin);
    expect(answered.status).toBeLessThan(400);

    const token = crypto.randomBytes(16).toString("hex");
    const subscriber = await aSubscriber(db, {
      status: "pending",
      confirmTokenHash: sha256(token),
      confirmExpiresAt: new Date(Date.now() + 60_000),
    });
    expect((await fetch(`${server.url}/newsletter/confirm?token=${token}`)).status).toBe(200);

    const deleted = await postForm(server.url, "/admin/articles", { intent: "delete", id: article.id }, admin);
    expect(deleted.status).toBeLessThan(400);

    expect(await events()).toEqual([
      "article.published",
      "article.updated",
      "article.unpublished",
      "article.published",
      "comment.approved",
      "question.answered",
      "subscriber.confirmed",
      "article.deleted",
    ]);
    const rows = await deliveriesOf(hook.id);
    const dataOf = (event: string) => (JSON.parse(rows.find((row) => row.event === event)!.payload) as { data: Record<string, unknown> }).data;
    expect(new Set(rows.map((row) => row.eventId)).size).toBe(rows.length);
    expect(dataOf("comment.approved")).toMatchObject({ id: comment.id, author_name: "A reader", content: "Loved it", article: { id: article.id } });
    expect(dataOf("question.answered")).toMatchObject({
      body: "Start with **a story**.",
      question: { id: question.id, path: `/ask-kafundisha/${question.id}-where-to-start` },
    });
    expect(dataOf("subscriber.confirmed")).toEqual({ id: subscriber.id, email: subscriber.email, confirmed_at: expect.any(String) as string });
    expect(JSON.stringify(rows.map((row) => row.payload))).not.toContain(sha256(token));
    expect(dataOf("article.deleted")).toMatchObject({ id: article.id, title: article.title });
    expect(dataOf("article.updated")).toMatchObject({ id: article.id, status: "published" });
    expect(dataOf("article.unpublished")).toMatchObject({ id: article.id, status: "draft" });

    // Queued, and counted on /metrics until sent.
    expect(await metrics().scrape()).toContain(`educator_queue_depth{queue="webhooks"} ${rows.length}`);
    await sender();
    await eventually(async () => (target.received.length === rows.length ? true : undefined), "every event received");
    expect(target.received.map((request) => request.headers["x-educator-event"]).sort()).toEqual([...rows.map((row) => row.event)].sort());
  });

  it("a test event the receiver refuses fails at once, and the log says why", async () => {
    const target = await receiver([404]);
    const hook = await addWebhook(target.url, ["article.published"]);
    await sender();
    await sendTestTo(hook.id);
    const failed = await eventually(async () => (await deliveriesOf(hook.id)).find((delivery) => delivery.status === "failed"), "the test failed");
    expect(failed).toMatchObject({ event: "ping", attempts: 1, lastStatusCode: 404 });
    const html = await (await fetch(`${server.url}/admin/webhooks`, { headers: { Cookie: admin.header() } })).text();
    expect(html).toContain(failed!.lastError!);
    expect(html).not.toContain("Next attempt");
  });

  it("two senders on one database send an event once", async () => {
    const target = await receiver([], 200);
    const hook = await addWebhook(target.url, ["article.published"]);
    await Promise.all([sender(), sender()]);
    await publishArticle(`Sent once ${Date.now()}`);
    await eventually(async () => ((await deliveriesOf(hook.id))[0]?.status === "delivered" ? true : undefined), "the delivery delivered");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(target.received).toHaveLength(1);
    expect((await deliveriesOf(hook.id))[0]!.attempts).toBe(1);
  });

  it("a sender is woken by the database at once, not by its next look", async () => {
    const target = await receiver();
    const hook = await addWebhook(target.url, ["article.published"]);
    await sender({ idleMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 200)); // its first look done: idle for a minute
    await publishArticle(`Woken at once ${Date.now()}`);
    await eventually(async () => ((await deliveriesOf(hook.id))[0]?.status === "delivered" ? true : undefined), "the delivery delivered", 3000);
  });

  it("publishing does not wait for a slow receiver", async () => {
    const target = await receiver([], 3000);
    const hook = await addWebhook(target.url, ["article.published"]);
    await sender();
    const started = Date.now();
    await publishArticle(`Not kept waiting ${Date.now()}`);
    expect(Date.now() - started).toBeLessThan(1500);
    await eventually(async () => ((await deliveriesOf(hook.id))[0]?.status === "delivered" ? true : undefined), "the slow delivery delivered");
  });

  it("gives up a day after the event: failed, with the last answer kept", async () => {
    const target = await receiver([500, 500, 500, 500]);
    const hook = await addWebhook(target.url, ["article.published"]);
    await publishArticle(`Never received ${Date.now()}`);
    const [queued] = await deliveriesOf(hook.id);
    // Its day almost over: the next retry (4 s on, or more) would come after it.
    await server.services.db
      .update(webhookDeliveries)
      .set({ expiresAt: sql`now() + interval '2 seconds'`, createdAt: sql`now() - interval '24 hours'` })
      .where(eq(webhookDeliveries.id, queued!.id));
    await sender({ retrySeconds: 5 });
    const failed = await eventually(async () => {
      const [row] = await deliveriesOf(hook.id);
      return row?.status === "failed" ? row : undefined;
    }, "the delivery failed");
    expect(failed).toMatchObject({ attempts: 1, lastStatusCode: 500 });
    expect(failed.lastError).toContain("HTTP 500");
    expect(target.received).toHaveLength(1);

    // One whose day passed unsent (no sender was running) is failed by the housekeeping, never sent.
    await Promise.all(senders.splice(0).map((each) => each.stop()));
    await publishArticle(`Waited too long ${Date.now()}`);
    await server.services.db
      .update(webhookDeliveries)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(webhookDeliveries.webhookId, hook.id), eq(webhookDeliveries.status, "queued")));
    await sender();
    await eventually(async () => ((await deliveriesOf(hook.id)).every((row) => row.status === "failed") ? true : undefined), "the late one failed");
    expect(target.received).toHaveLength(1);
  });

  it("a delivery whose sender crashed mid-send is sent again once its lease runs out (at least once)", async () => {
    const target = await receiver();
    const hook = await addWebhook(target.url, ["article.published"]);
    await publishArticle(`Left by a crash ${Date.now()}`);
    // As a crashed sender leaves it: claimed ("sending"), its lease (next_attempt_at) now over.
    await server.services.db
      .update(webhookDeliveries)
      .set({ status: "sending", attempts: 1, claimedAt: sql`now() - interval '2 minutes'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.webhookId, hook.id));
    await sender();
    const [row] = await eventually(async () => {
      const rows = await deliveriesOf(hook.id);
      return rows[0]?.status === "delivered" ? rows : undefined;
    }, "the abandoned delivery delivered");
    expect(row!.attempts).toBe(2);
    expect(target.received).toHaveLength(1);
  });

  it("a restore raises no events", async () => {
    const target = await receiver();
    const hook = await addWebhook(target.url, ["article.published"]);
    const { db } = server.services;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('educator.restoring', 'on', true)`);
      await tx
        .insert(articles)
        .values({ title: "Restored", content: "Body", categoryId, slug: `restored-${Date.now()}`, status: "published", publishedAt: new Date() });
    });
    expect(await deliveriesOf(hook.id)).toEqual([]);
    // The same insert outside a restore raises its event.
    await db
      .insert(articles)
      .values({ title: "Not restored", content: "Body", categoryId, slug: `not-restored-${Date.now()}`, status: "published", publishedAt: new Date() });
    expect((await deliveriesOf(hook.id)).map((delivery) => delivery.event)).toEqual(["article.published"]);
  });

  it("a receiver on a private address is refused unless OUTBOUND_ALLOW_PRIVATE", async () => {
    expect(webhookInputSchema(false).safeParse({ name: "Here", url: "http://127.0.0.1:9/hook", events: ["article.published"] }).success).toBe(false);
    expect(webhookInputSchema(false).safeParse({ name: "There", url: "https://hooks.example.org/x", events: ["article.published"] }).success).toBe(true);
    const target = await receiver();
    const hook = await addWebhook(target.url, ["article.published"]);
    await sender({ allowPrivate: false, retrySeconds: 60 });
    await publishArticle(`Kept inside ${Date.now()}`);
    const row = await eventually(async () => {
      const [found] = await deliveriesOf(hook.id);
      return found?.attempts === 1 && found.status === "queued" ? found : undefined;
    }, "the refused attempt");
    expect(row.lastError).toContain("is not a public address");
    expect(row.lastStatusCode).toBeNull();
    expect(target.received).toHaveLength(0);
  });

  it("bad input is refused with its fields kept; a webhook turned off gets nothing; tests are pings", async () => {
    const refused = await postWebhooks([
      ["intent", "create"],
      ["name", "Kept name"],
      ["url", "ftp://example.org/x"],
    ]);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("The address must start with https:// or http://");
    expect(page).toContain("Choose at least one event.");
    expect(page).toContain('value="Kept name"');
    expect(page).toContain('value="ftp://example.org/x"');
    expect(await server.services.db.select().from(webhooks)).toEqual([]);

    const target = await receiver();
    const hook = await addWebhook(target.url, ["article.published"]);
    expect(
      (
        await postWebhooks([
          ["intent", "toggle"],
          ["id", hook.id],
          ["active", "false"],
        ])
      ).status,
    ).toBe(200);
    await publishArticle(`While off ${Date.now()}`);
    expect(await deliveriesOf(hook.id)).toEqual([]);
    expect(
      (
        await postWebhooks([
          ["intent", "toggle"],
          ["id", hook.id],
          ["active", "true"],
        ])
      ).status,
    ).toBe(200);
    await sender();
    await sendTestTo(hook.id);
    await eventually(async () => (target.received.length === 1 ? true : undefined), "the ping received");
    expect(target.received[0]!.headers["x-educator-event"]).toBe("ping");
    expectSigned(target.received[0]!, hook.secret);
    expect(
      (
        await postWebhooks([
          ["intent", "delete"],
          ["id", hook.id],
        ])
      ).status,
    ).toBe(200);
    expect(await server.services.db.select().from(webhooks)).toEqual([]);
    expect(await deliveriesOf(hook.id)).toEqual([]);
  });

  it("only admins see or change webhooks", async () => {
    const editor = await anAccount(server.services.db, { role: "editor" });
    const editorJar = await signInOverHttp(server.url, editor.email, editor.password);
    expect((await fetch(`${server.url}/admin/webhooks`, { redirect: "manual", headers: { Cookie: editorJar.header() } })).status).toBe(403);
    const created = await postWebhooks(
      [
        ["intent", "create"],
        ["name", "Intruder"],
        ["url", "https://example.org/x"],
        ["events", "article.published"],
      ],
      editorJar,
    );
    expect(created.status).toBe(403);
    expect(await server.services.db.select().from(webhooks)).toEqual([]);
    const anonymous = await fetch(`${server.url}/admin/webhooks`, { redirect: "manual" });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  });
});
