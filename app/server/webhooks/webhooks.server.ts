import crypto from "node:crypto";
import net from "node:net";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { profiles, users, webhookDeliveries, webhooks } from "#database/schema";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { keysetPage, type PageRequest } from "#app/server/db/keyset.server";
import { isPublicAddress } from "#app/server/core/outbound-fetch.server";
import { pingEvent, webhookChannel, webhookEvents } from "./webhook-events.server";

// Webhooks as admins manage them (app/routes/admin/webhooks.tsx): registered, turned off and on,
// deleted, tested; their delivery log read and a delivery sent again. The sending is
// webhook-sender.server.ts's; the events are raised by the database (migration 0044).

export const webhookNameMaxLength = 80;
export const webhookUrlMaxLength = 2000;

/**
 * A receiver's address: http or https, no user name or password (they would sit in the log and on
 * the screen), no fragment. Unless OUTBOUND_ALLOW_PRIVATE, an address written as this machine or a
 * private network is refused here already; a name is checked on each delivery, after DNS.
 */
function webhookUrl(allowPrivate: boolean) {
  return z
    .string()
    .trim()
    .min(1, "Enter the address to send events to.")
    .max(webhookUrlMaxLength, `At most ${webhookUrlMaxLength} characters.`)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "Enter a full web address, starting with https://" });
        return;
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") ctx.addIssue({ code: "custom", message: "The address must start with https:// or http://" });
      else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "The address may not hold a user name or password." });
      else if (url.hash) ctx.addIssue({ code: "custom", message: "The address may not hold a fragment (#…)." });
      else if (!allowPrivate && isPrivateHost(url.hostname))
        ctx.addIssue({ code: "custom", message: "This address is on this machine or a private network: webhooks go to public addresses only." });
    });
}

function isPrivateHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return net.isIP(host) !== 0 && !isPublicAddress(host);
}

export function webhookInputSchema(allowPrivate: boolean) {
  return z.object({
    name: z.string().trim().min(1, "Give the webhook a name.").max(webhookNameMaxLength, `At most ${webhookNameMaxLength} characters.`),
    url: webhookUrl(allowPrivate),
    events: z
      .array(z.enum(webhookEvents, { message: "Choose events from the list." }))
      .min(1, "Choose at least one event.")
      .transform((events) => [...new Set(events)]),
  });
}

export type WebhookInput = z.output<ReturnType<typeof webhookInputSchema>>;

/** A new secret: 32 random bytes, prefixed so it is recognised in a receiver's settings. */
const newSecret = () => `whsec_${crypto.randomBytes(32).toString("base64url")}`;

export async function createWebhook(db: AppDb, input: WebhookInput, createdBy: string | null) {
  const [row] = await db
    .insert(webhooks)
    .values({ ...input, secret: newSecret(), createdBy })
    .returning({ id: webhooks.id, name: webhooks.name, secret: webhooks.secret });
  return row!;
}

/** Every webhook, newest first, with who made it (a short table: read whole). */
export function listWebhooks(db: AppDb) {
  return db
    .select({
      id: webhooks.id,
      name: webhooks.name,
      url: webhooks.url,
      events: webhooks.events,
      secret: webhooks.secret,
      createdAt: webhooks.createdAt,
      disabledAt: webhooks.disabledAt,
      createdBy: sql<string | null>`coalesce(${profiles.displayName}, ${users.email})`,
    })
    .from(webhooks)
    .leftJoin(users, eq(users.id, webhooks.createdBy))
    .leftJoin(profiles, eq(profiles.id, webhooks.createdBy))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
}

/** Turns a webhook on or off; false when there is no such webhook. Deliveries already queued wait while it is off. */
export async function setWebhookActive(db: AppDb, id: string, active: boolean): Promise<boolean> {
  const changed = await db
    .update(webhooks)
    .set({ disabledAt: active ? null : sql`coalesce(${webhooks.disabledAt}, now())` })
    .where(eq(webhooks.id, id))
    .returning({ id: webhooks.id });
  if (active && changed.length > 0) await wakeSenders(db);
  return changed.length > 0;
}

/** Deletes a webhook and its delivery log; false when there is no such webhook. */
export async function deleteWebhook(db: AppDb, id: string): Promise<boolean> {
  const deleted = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** Tells the senders on every instance (LISTEN) that something is due now. */
async function wakeSenders(db: AppDb) {
  await db.execute(sql`select pg_notify(${webhookChannel}, '')`);
}

/** Queues a `ping` event to one working webhook, as its receiver will get events; false when there is none. */
export async function sendTestEvent(db: AppDb, id: string): Promise<boolean> {
  const eventId = crypto.randomUUID();
  const payload = JSON.stringify({
    id: eventId,
    event: pingEvent,
    created_at: new Date().toISOString(),
    data: { webhook_id: id, message: "A test event sent from the Webhooks screen." },
  });
  const inserted = await selectRows<{ id: string }>(
    db,
    sql`insert into ${webhookDeliveries} (webhook_id, event, event_id, payload)
      select id, ${pingEvent}, ${eventId}::uuid, ${payload} from ${webhooks} where id = ${id} and disabled_at is null
      returning id`,
  );
  if (inserted.length === 0) return false;
  await wakeSenders(db);
  return true;
}

/**
 * Sends a delivery again: the same body and event id (the receiver's idempotency key), with a new
 * day of retries. False when there is no such delivery, or it is being sent right now.
 */
export async function replayDelivery(db: AppDb, id: string): Promise<boolean> {
  const replayed = await db
    .update(webhookDeliveries)
    .set({
      status: "queued",
      attempts: 0,
      nextAttemptAt: sql`now()`,
      expiresAt: sql`now() + interval '24 hours'`,
      claimedAt: null,
      lastError: null,
    })
    .where(and(eq(webhookDeliveries.id, id), ne(webhookDeliveries.status, "sending")))
    .returning({ id: webhookDeliveries.id });
  if (replayed.length === 0) return false;
  await wakeSenders(db);
  return true;
}

const deliveryOrder = { name: "webhook-deliveries", columns: [webhookDeliveries.createdAt, webhookDeliveries.id], direction: "desc" } as const;

/** The delivery log, newest first, a page at a time. */
export function listDeliveries(db: AppDb, request: PageRequest, size = 20) {
  return keysetPage(
    deliveryOrder,
    request,
    (query) =>
      db
        .select({
          id: webhookDeliveries.id,
          webhookId: webhookDeliveries.webhookId,
          webhookName: webhooks.name,
          event: webhookDeliveries.event,
          eventId: webhookDeliveries.eventId,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          lastStatusCode: webhookDeliveries.lastStatusCode,
          lastError: webhookDeliveries.lastError,
          lastDurationMs: webhookDeliveries.lastDurationMs,
          createdAt: webhookDeliveries.createdAt,
          deliveredAt: webhookDeliveries.deliveredAt,
          cursor: query.cursor,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
    size,
  );
}
