import { useEffect, useRef, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Plus } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/api-keys";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { actionAnswer, failureToast } from "#app/server/admin/admin-screens.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import { createApiKey, listApiKeys, revokeApiKey } from "#app/server/content-api/keys.server";
import { apiKeyNameMaxLength, apiKeyTexts, contentApiBasePath, contentApiDocumentPath } from "#app/lib/content-api";
import type { Toast } from "#app/lib/toast";
import { useActionToast } from "#app/lib/use-action-toast";
import { Button } from "#app/components/ui/button";
import { Field, controlClass } from "#app/components/ui/field";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { adminMeta } from "#app/lib/seo";
import { RowActionButton } from "#app/components/admin/row-action-button";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Content API keys", matches);

export async function loader() {
  const { db, config } = services();
  const keys = await listApiKeys(db);
  return {
    apiUrl: `${config.PUBLIC_URL}${contentApiBasePath}`,
    documentUrl: `${config.PUBLIC_URL}${contentApiDocumentPath}`,
    keys: keys.map(({ createdAt, lastUsedAt, revokedAt, ...key }) => ({
      ...key,
      created: stampDateTime(createdAt),
      lastUsed: lastUsedAt && stampDateTime(lastUsedAt),
      revoked: revokedAt && stampDateTime(revokedAt),
    })),
  };
}

const commandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: z.string().trim().min(1, apiKeyTexts.nameRequired).max(apiKeyNameMaxLength, apiKeyTexts.nameTooLong),
  }),
  z.object({ intent: z.literal("revoke"), id: z.uuid() }),
]);

/** What the action answers: a made key is in it once, and nowhere else ever again. */
interface ApiKeyActionData {
  ok: boolean;
  toast: Toast;
  created?: { name: string; key: string };
  errors?: { name?: string };
  values?: { name: string };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const user = await requireAbility(request, "manageApiKeys");
  const form = Object.fromEntries((await readForm(request)) ?? []);
  const parsed = commandSchema.safeParse(form);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    const name = typeof form.name === "string" ? form.name : "";
    return data<ApiKeyActionData>(
      {
        ok: false,
        toast: { type: "error", title: "Error", description: message },
        errors: form.intent === "create" ? { name: message } : undefined,
        values: { name },
      },
      { status: 400 },
    );
  }
  const { db } = services();
  const command = parsed.data;
  try {
    if (command.intent === "revoke") {
      if (!(await revokeApiKey(db, command.id)))
        return actionAnswer(false, { type: "error", title: "Error", description: "This key no longer exists or is already revoked." }, 404);
      return actionAnswer(true, { type: "success", title: "Key revoked", description: "Requests with it are refused from now on." });
    }
    const created = await createApiKey(db, command.name, user.id);
    return data<ApiKeyActionData>({
      ok: true,
      toast: { type: "success", title: "Key created", description: apiKeyTexts.shownOnce },
      created: { name: created.name, key: created.key },
    });
  } catch (error) {
    return actionAnswer(false, failureToast(error, "Failed to update the Content API keys"), 500);
  }
}

export default function ApiKeysScreen({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ApiKeyActionData | undefined;
  useActionToast(answer);
  const busy = useNavigation().state === "submitting";
  const { keys, apiUrl, documentUrl } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.created) formRef.current?.reset();
  }, [answer]);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Content API keys</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Keys let other sites and apps read the published articles, categories, tags, authors and Ask Kafundisha questions from{" "}
          <code className="break-all">{apiUrl}</code>. Read-only: a key can never change anything. Its requests are counted and limited per minute. The
          endpoints are described in{" "}
          <a href={documentUrl} className="break-all underline">
            the OpenAPI document
          </a>
          .
        </p>
      </div>

      <section aria-labelledby="new-key-heading" className="max-w-xl">
        <h2 id="new-key-heading" className="text-xl font-bold">
          New key
        </h2>
        <Form ref={formRef} method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <div className="min-w-64 flex-1">
            <Field
              id="api-key-name"
              label="Name"
              required
              requiredMark={false}
              error={answer?.errors?.name}
              hint="Who or what will use it, e.g. “School website”."
            >
              {(describedBy) => (
                <input
                  id="api-key-name"
                  name="name"
                  required
                  maxLength={apiKeyNameMaxLength}
                  defaultValue={answer?.values?.name ?? ""}
                  aria-invalid={answer?.errors?.name ? true : undefined}
                  aria-describedby={describedBy}
                  className={controlClass}
                />
              )}
            </Field>
          </div>
          <Button type="submit" disabled={busy} className="mb-6">
            <Plus className="size-4" aria-hidden />
            Create key
          </Button>
        </Form>
        {answer?.created && <NewKey name={answer.created.name} apiKey={answer.created.key} />}
      </section>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="text-xl font-bold">
          Keys <span className="text-base font-normal text-muted-foreground">{`(${keys.length})`}</span>
        </h2>
        <div className="mt-3">
          <Table stackBelow="2xl">
            <caption className="sr-only">Content API keys, newest first</caption>
            <TableHead columns={["Name", "Key", "Created", "Last used", "Requests", "Actions"]} />
            <tbody>
              {keys.length === 0 ? (
                <EmptyRow columns={6}>No keys yet. Create one above.</EmptyRow>
              ) : (
                keys.map((key) => (
                  <tr key={key.id}>
                    <Td label="Name" className="font-medium break-words">
                      {key.name}
                      {key.revoked && <span className="block text-xs font-normal text-muted-foreground">Revoked {key.revoked.text}</span>}
                    </Td>
                    <Td label="Key">
                      <code>{key.prefix}…</code>
                    </Td>
                    <Td label="Created" className="whitespace-nowrap">
                      <time dateTime={key.created.iso}>{key.created.text}</time>
                      {key.createdBy && <span className="block text-xs text-muted-foreground">by {key.createdBy}</span>}
                    </Td>
                    <Td label="Last used" className="whitespace-nowrap">
                      {key.lastUsed ? <time dateTime={key.lastUsed.iso}>{key.lastUsed.text}</time> : "Never"}
                    </Td>
                    <Td label="Requests" className="tabular-nums">
                      {key.requestCount.toLocaleString("en-GB")}
                    </Td>
                    <Td label="Actions">
                      {key.revoked ? (
                        <span className="text-muted-foreground">Revoked</span>
                      ) : (
                        <RowActionButton intent="revoke" id={key.id} label={`Revoke ${key.name}`} confirm={apiKeyTexts.revokeConfirm(key.name)} disabled={busy}>
                          Revoke
                        </RowActionButton>
                      )}
                    </Td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      </section>
    </div>
  );
}

/** The key just made, shown this once with a button to copy it. */
function NewKey({ name, apiKey }: { name: string; apiKey: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-md border border-success-border bg-success-soft p-4 text-success-soft-foreground">
      <p className="font-semibold">
        Key “{name}” created. {apiKeyTexts.shownOnce}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="new-api-key" className="sr-only">
          New key
        </label>
        <input id="new-api-key" readOnly value={apiKey} onFocus={(event) => event.currentTarget.select()} className={`${controlClass} mt-0 flex-1 font-mono`} />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(apiKey).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
