// Only on reader pages, which React never hydrates: plain links, not the router's <Link>.
import { levelLabel, languageName, resourceTypeLabel } from "#app/lib/curriculum";
import { byLanguageName, type ArticleTranslation } from "#app/lib/article-language";

const labelClass = "rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-muted-foreground hover:text-foreground";

/** An article's level, subjects and resource type, each a link to the resources like it. */
export function CurriculumLabels({
  level,
  resourceType,
  subjects,
}: {
  level: string | null;
  resourceType: string | null;
  subjects: readonly { name: string; slug: string }[];
}) {
  const labels = [
    ...(level ? [{ key: `level:${level}`, href: `/resources?level=${encodeURIComponent(level)}`, text: levelLabel(level), kind: "Level" }] : []),
    ...subjects.map((subject) => ({
      key: `subject:${subject.slug}`,
      href: `/resources?subject=${encodeURIComponent(subject.slug)}`,
      text: subject.name,
      kind: "Subject",
    })),
    ...(resourceType
      ? [
          {
            key: `type:${resourceType}`,
            href: `/resources?type=${encodeURIComponent(resourceType)}`,
            text: resourceTypeLabel(resourceType),
            kind: "Resource type",
          },
        ]
      : []),
  ];
  if (labels.length === 0) return null;
  return (
    <ul aria-label="For teachers" className="flex flex-wrap gap-2" data-curriculum-labels>
      {labels.map((label) => (
        <li key={label.key}>
          <a href={label.href} className={labelClass} title={label.kind}>
            {label.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "Also in: Chinyanja · Icibemba": the article's published translations, each named in its own language. */
export function AlsoIn({ translations }: { translations: readonly ArticleTranslation[] }) {
  if (translations.length === 0) return null;
  return (
    <p className="mt-4 text-sm text-muted-foreground" data-also-in>
      {"Also in: "}
      {byLanguageName(translations).map((translation, index) => (
        <span key={translation.id}>
          {index > 0 && " · "}
          <a href={`/articles/${translation.id}`} hrefLang={translation.language} lang={translation.language} className="font-medium text-accent underline">
            {languageName(translation.language)}
          </a>
        </span>
      ))}
    </p>
  );
}
