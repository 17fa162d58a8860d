import type { Route } from "./+types/school-packs";
import { services } from "#app/server/core/services.server";
import { listSchoolPacks } from "#app/server/school-pack/pack-store.server";
import { languageName } from "#app/lib/curriculum";
import { longDate } from "#app/lib/long-date";
import { plural } from "#app/lib/plural";
import { keptOnServer, loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { formatFileSize } from "#app/lib/resource-files";
import { pageMeta, siteFrom } from "#app/lib/seo";

const schoolPacksPath = "/school-packs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "School Packs",
    description: "The whole magazine as one file to read without a connection: articles, lesson resources and Ask Kafundisha, for a USB stick or Kiwix.",
    path: schoolPacksPath,
    ...siteFrom(matches),
  });

const formatNames = { static: "Website in a zip", zim: "ZIM file for Kiwix" } as const;
const formatUse = {
  static: "Unzip it onto a USB stick or a computer and open index.html in its folder: any browser reads it, with no connection.",
  zim: "Open it in Kiwix (the Android and desktop apps, or kiwix-serve on a school's computer), which also searches it.",
} as const;

/** The packs anyone may download, newest first, with what each holds and its checksum. */
export async function loader() {
  const packs = await listSchoolPacks(services().storage);
  return keptOnServer({
    packs: packs
      .filter((pack) => pack.url !== null)
      .map((pack) => ({
        key: pack.key,
        format: pack.format,
        url: pack.url!,
        made: longDate(pack.madeAt),
        size: formatFileSize(pack.bytes),
        chosen: pack.contents,
        contents: [
          plural(pack.articleCount, { one: "article", other: "articles" }),
          ...(pack.questionCount === undefined ? [] : [plural(pack.questionCount, { one: "question", other: "questions" })]),
          ...(pack.resourceCount === undefined ? [] : [plural(pack.resourceCount, { one: "resource file", other: "resource files" })]),
        ].join(" · "),
        languages: pack.languages?.map(languageName).join(", ") ?? null,
        sha256: pack.sha256 ?? null,
      })),
  });
}

/** A reader page, not kept in the page cache: packs live in storage, and a new one shows at once. */
export const handle: ReaderPageHandle = { readerPage: {} };

export const clientLoader = loadAsDocument;

export default function SchoolPacksPage({ loaderData }: Route.ComponentProps) {
  const { packs } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl font-black">School Packs</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        The whole magazine as one file, for a school without a connection: every published article with its pictures, the lesson resources and Ask Kafundisha,
        all linked to each other. Some packs hold only chosen grades, subjects or languages, for a smaller download. Download one once where there is a
        connection, then copy it to every computer or phone that needs it.
      </p>
      {packs.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-input p-6 text-center text-muted-foreground">
          No pack has been made yet. Please come back later.
        </p>
      ) : (
        <ul aria-label="School packs" className="mt-8 space-y-6">
          {packs.map((pack) => (
            <li key={pack.key} className="rounded-xl border border-border p-6">
              <h2 className="text-xl font-bold">{`${formatNames[pack.format]}, made ${pack.made}`}</h2>
              <p className="mt-1 text-muted-foreground">{formatUse[pack.format]}</p>
              <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium">For</dt>
                <dd>{pack.chosen}</dd>
                <dt className="font-medium">Size</dt>
                <dd>{pack.size}</dd>
                <dt className="font-medium">Holds</dt>
                <dd>{pack.contents}</dd>
                {pack.languages && (
                  <>
                    <dt className="font-medium">Languages</dt>
                    <dd>{pack.languages}</dd>
                  </>
                )}
                {pack.sha256 && (
                  <>
                    <dt className="font-medium">SHA-256</dt>
                    <dd className="font-mono text-xs break-all">{pack.sha256}</dd>
                  </>
                )}
              </dl>
              <a href={pack.url} download className="mt-4 inline-block font-semibold text-accent underline underline-offset-4">
                {`Download the ${pack.format === "zim" ? "ZIM file" : "zip"} (${pack.size})`}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8 text-sm text-muted-foreground">
        To check a copy, compare its SHA-256 with the one above: <code>sha256sum</code> on Linux, <code>shasum -a 256</code> on a Mac,{" "}
        <code>certutil -hashfile FILE SHA256</code> on Windows.
      </p>
    </div>
  );
}
