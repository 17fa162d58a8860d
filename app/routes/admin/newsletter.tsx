import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/newsletter";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { actionAnswer, failureToast, loadOrToast } from "#app/server/admin/admin-screens.server";
import { stampDate, stampDateTime } from "#app/server/core/stamps.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import {
  createDigestSend,
  listSends,
  listSubscribers,
  readDigestSchedule,
  removeSubscriber,
  saveDigestSchedule,
  subscriberCounts,
} from "#app/server/newsletter/newsletter.server";
import { composeDigest, digestArticles, personalize } from "#app/server/newsletter/newsletter-digest.server";
import { describeSubscriberImport, importSubscribersCsv, maxSubscriberCsvRows, SubscriberCsvError } from "#app/server/newsletter/subscribers-csv.server";
import { wakeMailQueue } from "#app/server/auth/account-mail.server";
import { maxSubscriberCsvBytes } from "#app/lib/import-limits";
import type { Toast } from "#app/lib/toast";
import { digestPeriod, digestSlots, weekdayNames } from "#app/lib/newsletter-schedule";
import { plural } from "#app/lib/plural";
import { confirmSubmit, useActionToast, useReloadWhile } from "#app/lib/use-action-toast";
import { Pagination } from "#app/components/site/pagination";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/field";
import { AdminSection } from "#app/components/admin/admin-section";
import { Td } from "#app/components/ui/table";
import { ListTable } from "#app/components/admin/list-screen";
import { adminMeta } from "#app/lib/seo";
import { whatsAppDigestMessage } from "#app/lib/whatsapp-message";
import { CopyForWhatsApp } from "#app/components/admin/copy-for-whatsapp";
import { RowActionButton } from "#app/components/admin/row-action-button";
import { siteSettings } from "#app/server/core/site-settings.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Newsletter", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config, mailer } = services();
  const url = new URL(request.url);
  const now = new Date();
  const [schedule, counts, subscribers, sends, upcoming] = await Promise.all([
    readDigestSchedule(db),
    subscriberCounts(db),
    loadOrToast(() => listSubscribers(db, pageRequest(url.searchParams)), "Failed to load subscribers"),
    listSends(db),
    digestArticles(db, digestPeriod(now)),
  ]);
  const next = schedule ? digestSlots(schedule, now, config.SITE_TIMEZONE).next : null;
  // The digest as "Send now" would mail it: the last seven days' articles.
  const preview = upcoming.length > 0 ? composeDigest(upcoming, config.PUBLIC_URL) : null;
  return {
    schedule: schedule && { weekday: schedule.weekday, time: schedule.time, next: next && stampDateTime(next) },
    timeZone: config.SITE_TIMEZONE,
    delivers: mailer.delivers,
    outbox: mailer.outbox,
    counts,
    subscribers: subscribers.rows.map(({ createdAt, confirmedAt, unsubscribedAt, ...row }) => ({
      ...row,
      since: stampDate(unsubscribedAt ?? confirmedAt ?? createdAt),
    })),
    subscriberTotal: subscribers.total,
    pages: pageLinks(url, subscribers),
    sends: sends.map(({ createdAt, scheduledFor, ...send }) => ({ ...send, created: stampDateTime(createdAt), scheduled: scheduledFor !== null })),
    preview: preview && {
      subject: preview.subject,
      html: personalize(preview.html, "#unsubscribe"),
      articles: preview.articles.length,
      whatsApp: whatsAppDigestMessage({
        title: `${siteSettings().name} — this week`,
        articles: preview.articles.map((article) => ({ title: article.title, url: `${config.PUBLIC_URL}/articles/${article.id}` })),
        moreUrl: `${config.PUBLIC_URL}/`,
      }),
    },
    toast: subscribers.toast,
    importLimits: { megabytes: maxSubscriberCsvBytes / (1024 * 1024), rows: maxSubscriberCsvRows.toLocaleString("en-US") },
  };
}

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;

const commandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("schedule"),
    weekday: z.coerce.number().int().min(0).max(6),
    time: z.string().regex(timeOfDay, { message: "Choose a time of day." }),
    enabled: z.enum(["on"]).optional(),
  }),
  z.object({ intent: z.literal("send") }),
  z.object({ intent: z.literal("remove"), id: z.uuid() }),
]);

/** What an import answers: its summary on success, its refusal (400) otherwise, both also shown beside the form. */
interface ImportAnswer {
  ok: boolean;
  toast: Toast;
  imported?: string;
  importError?: string;
}

/** Imports a subscribers CSV: double opt-in, the confirmation mails queued (see subscribers-csv.server.ts). */
async function importSubscribers(file: FormDataEntryValue | null) {
  const refuse = (message: string, status = 400) =>
    data<ImportAnswer>({ ok: false, toast: { type: "error", title: "Nothing imported", description: message }, importError: message }, { status });
  if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file to import.");
  try {
    const summary = await importSubscribersCsv(services().db, file);
    if (summary.asked > 0) wakeMailQueue();
    const text = describeSubscriberImport(summary);
    return data<ImportAnswer>({ ok: true, toast: { type: "success", title: "Subscribers imported", description: text }, imported: text });
  } catch (error) {
    if (error instanceof SubscriberCsvError) return refuse(error.message, error.status);
    return actionAnswer(false, failureToast(error, "Failed to import the subscribers"), 500);
  }
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const user = await requireAbility(request, "sendNewsletter");
  const form = await readForm(request);
  if (form?.get("intent") === "import") return importSubscribers(form.get("file"));
  const parsed = commandSchema.safeParse(Object.fromEntries(form ?? []));
  if (!parsed.success) return actionAnswer(false, { type: "error", title: "Error", description: parsed.error.issues[0]?.message ?? "Invalid request." });
  const { db, config, wakeNewsletter } = services();
  const command = parsed.data;
  try {
    if (command.intent === "schedule") {
      await saveDigestSchedule(db, command.enabled ? { weekday: command.weekday, time: command.time } : null);
      const description = command.enabled
        ? `Every ${weekdayNames[command.weekday]} at ${command.time} (${config.SITE_TIMEZONE}).`
        : "The digest is not sent on a schedule.";
      return actionAnswer(true, { type: "success", title: "Schedule saved", description });
    }
    if (command.intent === "remove") {
      if (!(await removeSubscriber(db, command.id)))
        return actionAnswer(false, { type: "error", title: "Error", description: "This subscriber no longer exists." }, 404);
      return actionAnswer(true, { type: "success", title: "Subscriber removed" });
    }
    if ((await subscriberCounts(db)).confirmed === 0)
      return actionAnswer(false, { type: "error", title: "Nobody to send to", description: "No subscriber has confirmed an address yet." });
    const created = await createDigestSend(db, { period: digestPeriod(new Date()), createdBy: user.id, publicUrl: config.PUBLIC_URL });
    if (created.outcome !== "queued")
      return actionAnswer(false, { type: "error", title: "Nothing to send", description: "No articles were published in the last 7 days." });
    wakeNewsletter?.();
    const people = created.recipients === 1 ? "1 subscriber" : `${created.recipients} subscribers`;
    return actionAnswer(true, { type: "success", title: "Digest queued", description: `Sending to ${people}.` });
  } catch (error) {
    return actionAnswer(false, failureToast(error, "Failed to update the newsletter"), 500);
  }
}

const statusStyles = {
  pending: "bg-warning-soft text-warning-soft-foreground",
  confirmed: "bg-success-soft text-success-soft-foreground",
  unsubscribed: "bg-secondary text-foreground",
} as const;

const fieldClass = "mt-1 rounded-md border border-input bg-card px-3 py-2 text-sm";

export default function NewsletterScreen({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(loaderData);
  useActionToast(actionData);
  const busy = useNavigation().state === "submitting";
  const { schedule, counts, subscribers, subscriberTotal, pages, sends, preview, timeZone, delivers, outbox, importLimits } = loaderData;
  const { imported, importError }: ImportAnswer | Record<string, undefined> = actionData ?? {};
  useReloadWhile(
    sends.some((send) => send.pending > 0),
    3000,
  );
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Newsletter</h1>
        <p className="mt-1 text-muted-foreground">
          The weekly digest of the week's articles, mailed to readers who subscribed on the home and article pages and confirmed their address.
        </p>
        {!delivers && (
          <p role="note" className="mt-3 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-soft-foreground">
            No SMTP server is set (SMTP_URL): no mail leaves the server. Each is written as a file to the outbox, <code>{outbox}</code>, instead.
          </p>
        )}
      </div>

      <AdminSection id="counts" title="Subscribers">
        <dl className="mt-3 grid max-w-xl grid-cols-3 gap-4">
          {(["confirmed", "pending", "unsubscribed"] as const).map((status) => (
            <div key={status} className="rounded-lg border border-border p-4">
              <dt className="text-sm capitalize text-muted-foreground">{status}</dt>
              <dd className="text-2xl font-bold tabular-nums">{counts[status]}</dd>
            </div>
          ))}
        </dl>
      </AdminSection>

      <AdminSection id="schedule" title="Schedule" className="max-w-xl">
        <p className="mt-1 text-sm text-muted-foreground">
          {schedule?.next ? (
            <>
              Next digest: <time dateTime={schedule.next.iso}>{schedule.next.text}</time> ({timeZone}). A week with no new articles is skipped.
            </>
          ) : (
            "The digest is not sent on a schedule."
          )}
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="schedule" />
          <label className="flex items-center gap-2 self-center text-sm font-medium">
            <input type="checkbox" name="enabled" defaultChecked={schedule !== null} className="size-4" />
            Send weekly
          </label>
          <div>
            <label htmlFor="digest-weekday" className="block text-sm font-medium">
              Day
            </label>
            <select id="digest-weekday" name="weekday" defaultValue={schedule?.weekday ?? 1} className={fieldClass}>
              {weekdayNames.map((name, index) => (
                <option key={name} value={index}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="digest-time" className="block text-sm font-medium">
              Time ({timeZone})
            </label>
            <input id="digest-time" name="time" type="time" required defaultValue={schedule?.time ?? "07:00"} className={fieldClass} />
          </div>
          <Button type="submit" disabled={busy}>
            Save schedule
          </Button>
        </Form>
      </AdminSection>

      <AdminSection id="preview" title="Next digest">
        {preview ? (
          <>
            <p className="mt-1 text-sm text-muted-foreground">
              Subject: <strong>{preview.subject}</strong> ({preview.articles === 1 ? "1 article" : `${preview.articles} articles`} from the last 7 days)
            </p>
            {/* The mail's own HTML, in a sandbox: no scripts, no navigation, nothing of this page's. */}
            <iframe
              title="Digest preview"
              sandbox=""
              srcDoc={preview.html}
              className="mt-4 h-[32rem] w-full max-w-3xl rounded-lg border border-border bg-white"
            />
            <div className="mt-4 flex flex-wrap items-start gap-3">
              <Form
                method="post"
                onSubmit={confirmSubmit(
                  `Send this digest now to ${plural(counts.confirmed, { one: "confirmed subscriber", other: "confirmed subscribers" })}?`,
                )}
              >
                <input type="hidden" name="intent" value="send" />
                <Button type="submit" disabled={busy}>
                  Send now
                </Button>
              </Form>
              <CopyForWhatsApp message={preview.whatsApp} what="this digest" size="md" />
            </div>
          </>
        ) : (
          <p className="mt-1 text-muted-foreground">No articles were published in the last 7 days: there is nothing to send.</p>
        )}
      </AdminSection>

      <AdminSection id="sends" title="Sends">
        <div className="mt-3">
          <ListTable
            caption="Digests, newest first, with their delivery counts"
            stackBelow="2xl"
            columns={["Created", "Subject", "Sent", "Failed", "Pending", "Failures"]}
            rows={sends}
            empty="No digest has been sent yet."
          >
            {(send) => (
              <>
                <Td label="Created" className="whitespace-nowrap">
                  <time dateTime={send.created.iso}>{send.created.text}</time>
                  <span className="block text-xs text-muted-foreground">{send.scheduled ? "Scheduled" : `Sent by ${send.createdBy ?? "a former admin"}`}</span>
                </Td>
                <Td label="Subject" wide className="max-w-md min-w-40">
                  {send.skippedReason ? <em>Skipped: {send.skippedReason}</em> : send.subject}
                </Td>
                <Td label="Sent" className="tabular-nums">
                  {send.sent}
                </Td>
                <Td label="Failed" className="tabular-nums">
                  {send.failed}
                </Td>
                <Td label="Pending" className="tabular-nums">
                  {send.pending}
                </Td>
                <Td label="Failures" wide className="max-w-md">
                  {send.failures.length > 0 && (
                    <ul className="space-y-1 text-xs">
                      {send.failures.map((failure) => (
                        <li key={failure.email} className="break-words">
                          <strong>{failure.email}</strong> ({failure.attempts} {failure.attempts === 1 ? "try" : "tries"}): {failure.lastError}
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </>
            )}
          </ListTable>
        </div>
      </AdminSection>

      <AdminSection id="import" title="Import subscribers" className="max-w-2xl">
        <p className="mt-1 text-sm text-muted-foreground">
          A CSV file of addresses: this screen's own export, a Ghost members export, or a plain list with one address per line. Everyone new is sent the same
          confirmation mail as a reader who signs up, and gets the digest only after confirming: nobody is subscribed by an import. Confirmed subscribers stay
          as they are; people who unsubscribed are left alone and not mailed. At most {importLimits.megabytes} MB and {importLimits.rows} rows.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="import" />
          <TextField
            id="subscribers-file"
            name="file"
            type="file"
            label="CSV file"
            accept=".csv,text/csv,text/plain"
            required
            error={importError}
            className="max-w-sm"
          />
          <Button type="submit" disabled={busy}>
            Import
          </Button>
        </Form>
        {imported && (
          <p role="status" className="mt-3 rounded-md border border-success-border bg-success-soft p-3 text-sm text-success-soft-foreground">
            {imported}
          </p>
        )}
        <p className="mt-4 text-sm">
          <a href="/admin/newsletter/subscribers.csv" download className="font-medium text-primary underline underline-offset-4">
            Export subscribers (CSV)
          </a>{" "}
          <span className="text-muted-foreground">— every subscriber with their status and dates.</span>
        </p>
      </AdminSection>

      <AdminSection
        id="subscribers"
        title={
          <>
            Subscriber list <span className="text-base font-normal text-muted-foreground">{`(${subscriberTotal})`}</span>
          </>
        }
      >
        <div className="mt-3">
          <ListTable
            caption="Subscribers, newest first"
            stackBelow="lg"
            columns={["Email", "Status", "Since", "Actions"]}
            rows={subscribers}
            empty="No subscribers yet."
          >
            {(subscriber) => (
              <>
                <Td label="Email" wide className="break-words">
                  {subscriber.email}
                </Td>
                <Td label="Status">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[subscriber.status]}`}>{subscriber.status}</span>
                </Td>
                <Td label="Since" className="whitespace-nowrap">
                  <time dateTime={subscriber.since.iso}>{subscriber.since.text}</time>
                </Td>
                <Td label="Actions">
                  <RowActionButton
                    intent="remove"
                    id={subscriber.id}
                    label={`Remove ${subscriber.email}`}
                    confirm={`Remove ${subscriber.email} from the newsletter?`}
                    disabled={busy}
                  >
                    Remove
                  </RowActionButton>
                </Td>
              </>
            )}
          </ListTable>
        </div>
        <Pagination links={pages} label="Subscriber pages" />
      </AdminSection>
    </div>
  );
}
