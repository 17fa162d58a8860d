import { useEffect, useRef, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Plus } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/webhooks";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { actionAnswer, failureToast } from "#app/server/admin/admin-screens.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  sendTestEvent,
  setWebhookActive,
  webhookInputSchema,
  webhookNameMaxLength,
  webhookUrlMaxLength,
} from "#app/server/webhooks/webhooks.server";
import { webhookEventLabels, webhookEvents } from "#app/server/webhooks/webhook-events.server";
import type { Toast } from "#app/lib/toast";
import { useActionToast, useReloadWhile } from "#app/lib/use-action-toast";
import { Button } from "#app/components/ui/button";
import { Field, controlClass } from "#app/components/ui/field";
import { Td } from "#app/components/ui/table";
import { ListTable } from "#app/components/admin/list-screen";
import { AdminSection } from "#app/components/admin/admin-section";
import { Pagination } from "#app/components/site/pagination";
import { adminMeta } from "#app/lib/seo";
import { RowActionButton } from "#app/components/admin/row-action-button";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Webhooks", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = services();
  const url = new URL(request.url);
  const [hooks, page] = await Promise.all([listWebhooks(db), listDeliveries(db, pageRequest(url.searchParams))]);
  return {
    events: webhookEvents.map((event) => ({ event, label: webhookEventLabels[event] })),
    maxLength: { name: webhookNameMaxLength, url: webhookUrlMaxLength },
    webhooks: hooks.map(({ createdAt, disabledAt, ...hook }) => ({ ...hook, created: stampDateTime(createdAt), active: disabledAt === null })),
    deliveries: page.rows.map(({ createdAt, nextAttemptAt, deliveredAt, ...delivery }) => ({
      ...delivery,
      created: stampDateTime(createdAt),
      nextAttempt: delivery.status === "queued" ? stampDateTime(nextAttemptAt) : null,
      delivered: deliveredAt && stampDateTime(deliveredAt),
    })),
    pages: pageLinks(url, page),
  };
}

const idCommand = (intent: "delete" | "test" | "replay") => z.object({ intent: z.literal(intent), id: z.uuid() });
const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: z.uuid(), active: z.enum(["true", "false"]) }),
  idCommand("delete"),
  idCommand("test"),
  idCommand("replay"),
]);

type FieldName = "name" | "url" | "events";

/** What the action answers; a new webhook's secret is shown with it (and on its row, whenever asked). */
interface WebhookActionData {
  ok: boolean;
  toast: Toast;
  created?: { name: string; secret: string };
  errors?: Partial<Record<FieldName, string>>;
  values?: { name: string; url: string; events: string[] };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const user = await requireAbility(request, "manageWebhooks");
  const form = (await readForm(request)) ?? new FormData();
  const { db, config } = services();
  if (form.get("intent") === "create") {
    const values = {
      name: String(form.get("name") ?? ""),
      url: String(form.get("url") ?? ""),
      events: form.getAll("events").map(String),
    };
    const parsed = webhookInputSchema(config.OUTBOUND_ALLOW_PRIVATE).safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
      return data<WebhookActionData>(
        { ok: false, toast: { type: "error", title: "Error", description: "Please correct the highlighted fields." }, errors, values },
        { status: 400 },
      );
    }
    try {
      const created = await createWebhook(db, parsed.data, user.id);
      return data<WebhookActionData>({
        ok: true,
        toast: { type: "success", title: "Webhook added", description: `Events go to ${parsed.data.url}.` },
        created: { name: created.name, secret: created.secret },
      });
    } catch (error) {
      return actionAnswer(false, failureToast(error, "Failed to add the webhook"), 500);
    }
  }
  const parsed = commandSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return actionAnswer(false, { type: "error", title: "Error", description: parsed.error.issues[0]?.message ?? "Invalid request." });
  const command = parsed.data;
  const gone = (what: string) => actionAnswer(false, { type: "error", title: "Error", description: what }, 404);
  try {
    switch (command.intent) {
      case "toggle": {
        const active = command.active === "true";
        if (!(await setWebhookActive(db, command.id, active))) return gone("This webhook no longer exists.");
        return actionAnswer(true, {
          type: "success",
          title: active ? "Webhook turned on" : "Webhook turned off",
          description: active ? "Events are sent to it again." : "No events are sent to it until you turn it on.",
        });
      }
      case "delete":
        if (!(await deleteWebhook(db, command.id))) return gone("This webhook no longer exists.");
        return actionAnswer(true, { type: "success", title: "Webhook deleted", description: "Its deliveries left the log with it." });
      case "test":
        if (!(await sendTestEvent(db, command.id))) return gone("This webhook no longer exists or is turned off.");
        return actionAnswer(true, { type: "success", title: "Test event queued", description: "A ping event is on its way: see the delivery log." });
      case "replay":
        if (!(await replayDelivery(db, command.id))) return gone("This delivery no longer exists or is being sent right now.");
        return actionAnswer(true, { type: "success", title: "Delivery queued again", description: "Sent again with the same event id." });
    }
  } catch (error) {
    return actionAnswer(false, failureToast(error, "Failed to update the webhooks"), 500);
  }
}

const statusText = { queued: "Waiting", sending: "Sending", delivered: "Delivered", failed: "Failed" } as const;
const statusClass = {
  queued: "text-warning",
  sending: "text-warning",
  delivered: "text-success",
  failed: "text-destructive",
} as const;

export default function WebhooksScreen({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as WebhookActionData | undefined;
  useActionToast(answer);
  const busy = useNavigation().state === "submitting";
  const { events, maxLength, webhooks, deliveries, pages } = loaderData;
  useReloadWhile(
    deliveries.some((delivery) => delivery.status === "queued" || delivery.status === "sending"),
    2000,
  );
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.created) formRef.current?.reset();
  }, [answer]);
  const ticked = new Set(answer?.values?.events ?? []);
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Webhooks</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Tell other systems what happens here as it happens: each event is POSTed as JSON to the addresses below, signed with the webhook’s secret (HMAC-SHA256
          of the timestamp and the body, in the X-Educator-Signature header). A receiver that does not answer with a 2xx status is tried again, less and less
          often, for a day.
        </p>
      </div>

      <AdminSection id="new-webhook" title="Add a webhook" className="max-w-2xl">
        <Form ref={formRef} method="post" className="mt-3 space-y-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <Field id="webhook-name" label="Name" required error={answer?.errors?.name} hint="What receives the events, e.g. “School website”.">
            {(describedBy) => (
              <input
                id="webhook-name"
                name="name"
                required
                maxLength={maxLength.name}
                defaultValue={answer?.values?.name ?? ""}
                aria-invalid={answer?.errors?.name ? true : undefined}
                aria-describedby={describedBy}
                className={controlClass}
              />
            )}
          </Field>
          <Field id="webhook-url" label="Address (URL)" required error={answer?.errors?.url} hint="An https:// address that accepts POST requests.">
            {(describedBy) => (
              <input
                id="webhook-url"
                name="url"
                type="url"
                required
                maxLength={maxLength.url}
                placeholder="https://example.org/hooks/educator"
                defaultValue={answer?.values?.url ?? ""}
                aria-invalid={answer?.errors?.url ? true : undefined}
                aria-describedby={describedBy}
                className={controlClass}
              />
            )}
          </Field>
          <fieldset aria-describedby={answer?.errors?.events ? "webhook-events-error" : undefined}>
            <legend className="text-sm font-medium">
              Events <span aria-hidden>*</span>
            </legend>
            <div className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {events.map(({ event, label }) => (
                <label key={event} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="events" value={event} defaultChecked={ticked.has(event)} className="size-4 accent-primary" />
                  {label} <code className="text-xs text-muted-foreground">{event}</code>
                </label>
              ))}
            </div>
            {answer?.errors?.events && (
              <p id="webhook-events-error" className="mt-1 text-sm text-destructive">
                {answer.errors.events}
              </p>
            )}
          </fieldset>
          <Button type="submit" disabled={busy}>
            <Plus className="size-4" aria-hidden />
            Add webhook
          </Button>
        </Form>
        {answer?.created && (
          <div role="status" className="mt-4 rounded-md border border-success-border bg-success-soft p-4 text-success-soft-foreground">
            <p className="font-semibold">Webhook “{answer.created.name}” added. Give its signing secret to the receiver, so it can check each delivery:</p>
            <Secret id="new-webhook-secret" label="Signing secret of the new webhook" secret={answer.created.secret} />
          </div>
        )}
      </AdminSection>

      <AdminSection id="webhooks" title={`Webhooks (${webhooks.length})`}>
        <div className="mt-3">
          <ListTable
            caption="Webhooks, newest first"
            stackBelow="2xl"
            columns={["Name", "Events", "Signing secret", "Status", "Actions"]}
            rows={webhooks}
            empty="No webhooks yet. Add one above."
          >
            {(hook) => (
              <>
                <Td label="Name" className="break-words">
                  <span className="font-medium">{hook.name}</span>
                  <span className="block text-xs break-all text-muted-foreground">{hook.url}</span>
                  <span className="block text-xs text-muted-foreground">
                    Added <time dateTime={hook.created.iso}>{hook.created.text}</time>
                    {hook.createdBy && ` by ${hook.createdBy}`}
                  </span>
                </Td>
                <Td label="Events">
                  <ul className="text-xs">
                    {hook.events.map((event) => (
                      <li key={event}>
                        <code>{event}</code>
                      </li>
                    ))}
                  </ul>
                </Td>
                <Td label="Signing secret">
                  <details>
                    <summary className="cursor-pointer text-sm">Show secret</summary>
                    <Secret id={`secret-${hook.id}`} label={`Signing secret of ${hook.name}`} secret={hook.secret} />
                  </details>
                </Td>
                <Td label="Status">{hook.active ? <span className="text-success">On</span> : <span className="text-muted-foreground">Off</span>}</Td>
                <Td label="Actions">
                  <div className="flex flex-wrap gap-2">
                    <RowActionButton intent="test" id={hook.id} label={`Send test to ${hook.name}`} disabled={busy || !hook.active}>
                      Send test
                    </RowActionButton>
                    <RowActionButton
                      intent="toggle"
                      id={hook.id}
                      fields={{ active: hook.active ? "false" : "true" }}
                      label={`${hook.active ? "Turn off" : "Turn on"} ${hook.name}`}
                      disabled={busy}
                    >
                      {hook.active ? "Turn off" : "Turn on"}
                    </RowActionButton>
                    <RowActionButton
                      intent="delete"
                      id={hook.id}
                      label={`Delete ${hook.name}`}
                      confirm={`Delete the webhook “${hook.name}” and its delivery log? Its receiver gets no more events.`}
                      disabled={busy}
                    >
                      Delete
                    </RowActionButton>
                  </div>
                </Td>
              </>
            )}
          </ListTable>
        </div>
      </AdminSection>

      <AdminSection id="deliveries" title="Delivery log">
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
          Newest first, kept for 30 days. Replay sends a delivery again with the same body and event id (the receiver’s idempotency key).
        </p>
        <div className="mt-3">
          <ListTable
            caption="Webhook deliveries, newest first"
            stackBelow="2xl"
            columns={["Event", "Webhook", "Status", "Attempts", "Response", "Time", "Actions"]}
            rows={deliveries}
            empty="No deliveries yet."
          >
            {(delivery) => (
              <>
                <Td label="Event">
                  <code>{delivery.event}</code>
                  <span className="block text-xs break-all text-muted-foreground">{delivery.eventId}</span>
                </Td>
                <Td label="Webhook" className="break-words">
                  {delivery.webhookName}
                </Td>
                <Td label="Status">
                  <span className={`font-medium ${statusClass[delivery.status]}`}>
                    {delivery.status === "queued" && delivery.attempts > 0 ? "Not delivered yet" : statusText[delivery.status]}
                  </span>
                  {delivery.lastError && delivery.status !== "delivered" && (
                    <span className="block max-w-xs text-xs break-words">
                      {delivery.status === "failed" ? delivery.lastError : `Last try failed: ${delivery.lastError}`}
                    </span>
                  )}
                  {delivery.nextAttempt && (
                    <span className="block text-xs text-muted-foreground">
                      Next attempt <time dateTime={delivery.nextAttempt.iso}>{delivery.nextAttempt.text}</time>
                    </span>
                  )}
                </Td>
                <Td label="Attempts" className="tabular-nums">
                  {delivery.attempts}
                </Td>
                <Td label="Response" className="break-words">
                  {delivery.lastStatusCode ?? "—"}
                  {delivery.lastDurationMs !== null && <span className="text-xs text-muted-foreground"> · {delivery.lastDurationMs} ms</span>}
                </Td>
                <Td label="Time" className="whitespace-nowrap">
                  <time dateTime={delivery.created.iso}>{delivery.created.text}</time>
                </Td>
                <Td label="Actions">
                  {delivery.status === "sending" ? (
                    <span className="text-muted-foreground">Sending</span>
                  ) : (
                    <RowActionButton intent="replay" id={delivery.id} label={`Replay ${delivery.event} to ${delivery.webhookName}`} disabled={busy}>
                      Replay
                    </RowActionButton>
                  )}
                </Td>
              </>
            )}
          </ListTable>
          <Pagination links={pages} label="Delivery log pages" />
        </div>
      </AdminSection>
    </div>
  );
}

/** A webhook's signing secret, read-only, with a button to copy it. */
function Secret({ id, label, secret }: { id: string; label: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={secret}
        onFocus={(event) => event.currentTarget.select()}
        className={`${controlClass} mt-0 min-w-48 flex-1 font-mono text-xs`}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
        }}
      >
        {copied ? "Copied" : "Copy"}
      </Button>
    </div>
  );
}
