import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/school-pack";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { actionAnswer, failureToast } from "#app/server/admin/admin-screens.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import { latestSchoolPackRuns, readSchoolPackSchedule, requestSchoolPack, saveSchoolPackSchedule } from "#app/server/school-pack/pack-runs.server";
import { listSchoolPacks } from "#app/server/school-pack/pack-store.server";
import { hasZimwriterfs } from "#app/server/school-pack/zim.server";
import { checkPackSelection, packChoices, packContentsLabel } from "#app/server/school-pack/pack-selection.server";
import { isWholeMagazine } from "#app/lib/school-pack-selection";
import { schoolPackDays, schoolPackSlots, schoolPackTime } from "#app/lib/school-pack-schedule";
import { formatFileSize } from "#app/lib/resource-files";
import { useActionToast, useReloadWhile } from "#app/lib/use-action-toast";
import { Button } from "#app/components/ui/button";
import { AdminSection } from "#app/components/admin/admin-section";
import { Td } from "#app/components/ui/table";
import { ListTable } from "#app/components/admin/list-screen";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("School Pack", matches);

const formatNames = { static: "Static site (zip)", zim: "ZIM file for Kiwix" } as const;
// A pack stored under a name made from its time alone: its address could be guessed, so it is not served.
const notServed = "Made before packs had private addresses: make a new pack to download one.";

export async function loader() {
  const { db, storage, config, wakeSchoolPacks } = services();
  const [schedule, runs, packs, zimTools, choices] = await Promise.all([
    readSchoolPackSchedule(db),
    latestSchoolPackRuns(db, 1),
    listSchoolPacks(storage),
    hasZimwriterfs(),
    packChoices(db),
  ]);
  const next = schedule ? schoolPackSlots(schedule.day, new Date(), config.SITE_TIMEZONE).next : null;
  const run = runs[0];
  return {
    schedule: schedule && { day: schedule.day, next: next && stampDateTime(next) },
    timeZone: config.SITE_TIMEZONE,
    makesPacks: wakeSchoolPacks !== undefined,
    zimTools,
    choices,
    run: run && {
      status: run.status,
      step: run.step,
      error: run.error,
      asked: stampDateTime(run.createdAt),
      finished: run.finishedAt && stampDateTime(run.finishedAt),
    },
    packs: packs.map((pack) => ({
      key: pack.key,
      format: pack.format,
      made: stampDateTime(new Date(pack.madeAt)),
      size: formatFileSize(pack.bytes),
      articleCount: pack.articleCount,
      contents: pack.contents,
      url: pack.url,
    })),
  };
}

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("make") }),
  z.object({ intent: z.literal("schedule"), day: z.coerce.number().int().min(1).max(28), enabled: z.enum(["on"]).optional() }),
]);

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const user = await requireAbility(request, "makeSchoolPacks");
  const form = await readForm(request);
  const parsed = commandSchema.safeParse(Object.fromEntries(form ?? []));
  if (!form || !parsed.success)
    return actionAnswer(false, { type: "error", title: "Error", description: parsed.error?.issues[0]?.message ?? "Invalid request." });
  const { db, config, wakeSchoolPacks } = services();
  const command = parsed.data;
  try {
    if (command.intent === "schedule") {
      await saveSchoolPackSchedule(db, command.enabled ? command.day : null);
      const description = command.enabled
        ? `On day ${command.day} of every month at ${schoolPackTime} (${config.SITE_TIMEZONE}).`
        : "Packs are made only when you ask.";
      return actionAnswer(true, { type: "success", title: "Schedule saved", description });
    }
    const asked = { levels: form.getAll("level").map(String), subjects: form.getAll("subject").map(String), languages: form.getAll("language").map(String) };
    const selection = checkPackSelection(asked, await packChoices(db));
    if (typeof selection === "string") return actionAnswer(false, { type: "error", title: "Pack not asked for", description: selection }, 422);
    if (!(await requestSchoolPack(db, user.id, { selection })))
      return actionAnswer(
        false,
        { type: "error", title: "Already under way", description: "A pack is being made now. It appears here when it is ready." },
        409,
      );
    wakeSchoolPacks?.();
    const title = isWholeMagazine(selection) ? "Making a new pack" : `Making a new pack: ${await packContentsLabel(db, selection)}`;
    return actionAnswer(true, { type: "success", title, description: "It appears here when it is ready." });
  } catch (error) {
    return actionAnswer(false, failureToast(error, "Failed to update the school pack"), 500);
  }
}

const fieldClass = "mt-1 rounded-md border border-input bg-card px-3 py-2 text-sm";

export default function SchoolPackScreen({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const busy = useNavigation().state === "submitting";
  const { schedule, timeZone, makesPacks, zimTools, choices, run, packs } = loaderData;
  const making = run?.status === "queued" || run?.status === "running";
  useReloadWhile(making, 2000);
  const latest = (["zim", "static"] as const).flatMap((format) => packs.find((pack) => pack.format === format) ?? []);
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">School Pack</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          The whole published magazine as one file for schools without a connection: a ZIM file that Kiwix opens (kiwix-serve, the Kiwix apps on Android and
          computers), and a plain website in a zip that opens from a USB stick or SD card in any browser.
        </p>
        {!makesPacks && (
          <p role="note" className="mt-3 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-soft-foreground">
            This server does not make packs (it runs without the production build, or with SCHOOL_PACK_WORKER=false): another instance makes them, or run npm
            run export -- --static on the server.
          </p>
        )}
        {!zimTools && (
          <p role="note" className="mt-3 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-soft-foreground">
            Debian's zim-tools are not installed on this server, so packs are made as a static site only. Install them (apt-get install zim-tools) for ZIM
            files.
          </p>
        )}
      </div>

      <AdminSection id="latest" title="Last pack">
        {latest.length === 0 ? (
          <p className="mt-1 text-muted-foreground">No pack has been made yet.</p>
        ) : (
          <ul className="mt-3 grid max-w-3xl gap-4 sm:grid-cols-2">
            {latest.map((pack) => (
              <li key={pack.key} className="rounded-lg border border-border p-4">
                <p className="font-semibold">{formatNames[pack.format]}</p>
                <p className="mt-1 text-sm">{pack.contents}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Made <time dateTime={pack.made.iso}>{pack.made.text}</time> · {pack.size} ·{" "}
                  {pack.articleCount === 1 ? "1 article" : `${pack.articleCount} articles`}
                </p>
                {pack.url ? (
                  <a href={pack.url} download className="mt-3 inline-block text-sm font-semibold text-accent underline underline-offset-4">
                    Download {pack.format === "zim" ? "the ZIM file" : "the static site"} ({pack.size})
                  </a>
                ) : (
                  <p className="mt-3 text-sm text-muted-foreground">{notServed}</p>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Form method="post" className="w-full max-w-3xl space-y-4">
            <input type="hidden" name="intent" value="make" />
            <details className="rounded-lg border border-border p-4">
              <summary className="cursor-pointer font-medium">Choose grades, subjects and languages</summary>
              <p className="mt-2 text-sm text-muted-foreground">
                For a smaller download. Leave them all unticked for the whole magazine. Articles written for every grade or every subject stay in; questions all
                stay in.
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-3">
                <PackChoiceGroup legend="Grades" name="level" options={choices.levels.map(({ value, label }) => ({ value, label }))} />
                <PackChoiceGroup legend="Subjects" name="subject" options={choices.subjects.map(({ slug, name }) => ({ value: slug, label: name }))} />
                <PackChoiceGroup legend="Languages" name="language" options={choices.languages.map(({ tag, name }) => ({ value: tag, label: name }))} />
              </div>
            </details>
            <Button type="submit" disabled={busy || making}>
              Make a new pack now
            </Button>
          </Form>
          <p role="status" className="text-sm text-muted-foreground">
            {making
              ? `Making a new pack: ${run.status === "queued" ? "waiting to start" : (run.step ?? "starting")}…`
              : run?.status === "failed"
                ? `The last pack failed: ${run.error ?? "unknown error"}`
                : ""}
          </p>
        </div>
      </AdminSection>

      <AdminSection id="schedule" title="Monthly pack" className="max-w-xl">
        <p className="mt-1 text-sm text-muted-foreground">
          {schedule?.next ? (
            <>
              Next pack: <time dateTime={schedule.next.iso}>{schedule.next.text}</time> ({timeZone}). The last three packs of each kind are kept.
            </>
          ) : (
            "Packs are made only when you ask. The last three packs of each kind are kept."
          )}{" "}
          The monthly pack holds the whole magazine.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="schedule" />
          <label className="flex items-center gap-2 self-center text-sm font-medium">
            <input type="checkbox" name="enabled" defaultChecked={schedule !== null} className="size-4" />
            Make a pack every month
          </label>
          <div>
            <label htmlFor="pack-day" className="block text-sm font-medium">
              Day of the month
            </label>
            <select id="pack-day" name="day" defaultValue={schedule?.day ?? 1} className={fieldClass}>
              {schoolPackDays.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy}>
            Save schedule
          </Button>
        </Form>
      </AdminSection>

      <AdminSection id="kept" title="Kept packs">
        <div className="mt-3">
          <ListTable
            caption="School packs kept, newest first"
            columns={["Made", "Kind", "Contents", "Size", "Articles", "Download"]}
            rows={packs}
            empty="No pack has been made yet."
            rowKey="key"
            rowClassName="border-b border-border"
          >
            {(pack) => (
              <>
                <Td label="Made">
                  <time dateTime={pack.made.iso}>{pack.made.text}</time>
                </Td>
                <Td label="Kind">{formatNames[pack.format]}</Td>
                <Td label="Contents">{pack.contents}</Td>
                <Td label="Size">{pack.size}</Td>
                <Td label="Articles">{pack.articleCount}</Td>
                <Td label="Download">
                  {pack.url ? (
                    <a href={pack.url} download className="font-semibold text-accent underline underline-offset-4">
                      Download
                    </a>
                  ) : (
                    <span className="text-muted-foreground">{notServed}</span>
                  )}
                </Td>
              </>
            )}
          </ListTable>
        </div>
      </AdminSection>
    </div>
  );
}

/** One kind of choice (grades, subjects, languages) as checkboxes; none ticked takes them all. */
function PackChoiceGroup({ legend, name, options }: { legend: string; name: string; options: { value: string; label: string }[] }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">None in the published articles.</p>
      ) : (
        <div className="mt-2 space-y-1">
          {options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} value={option.value} className="size-4 accent-primary" />
              {option.label}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
