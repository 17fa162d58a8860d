import { useState } from "react";
import { SelectField, TextField } from "#app/components/ui/field";
import { levels, languageName, pickerLanguages, resourceTypes } from "#app/lib/curriculum";
import { otherLanguageChoice, type ArticleFormValues } from "#app/lib/article-form-values";

export interface CurriculumChoices {
  subjects: { id: string; name: string }[];
  /** Articles this one may translate, each with its language. */
  translations: { id: string; title: string; language: string }[];
}

interface CurriculumFieldsProps extends CurriculumChoices {
  values: ArticleFormValues;
  fieldError: (field: keyof ArticleFormValues) => string | undefined;
}

const frameworks = [
  { framework: "2023", label: "2023 curriculum" },
  { framework: "2013", label: "2013 curriculum" },
] as const;

/** Level, subjects, resource type, language and translation group: what a teacher looks for. All optional. */
export function ArticleCurriculumFields({ values, fieldError, subjects, translations }: CurriculumFieldsProps) {
  const [language, setLanguage] = useState(values.language || "en");
  const ticked = new Set(values.subjects.split(",").filter(Boolean));
  const invalid = (field: keyof ArticleFormValues) => (fieldError(field) ? true : undefined);
  return (
    <fieldset className="space-y-6 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">For teachers</legend>
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField id="article-level" name="level" label="Level" defaultValue={values.level} error={fieldError("level")} aria-invalid={invalid("level")}>
          <option value="">No level</option>
          {frameworks.map(({ framework, label }) => (
            <optgroup key={framework} label={label}>
              {levels
                .filter((level) => level.framework === framework)
                .map((level) => (
                  <option key={level.value} value={level.value}>
                    {level.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          id="article-resource-type"
          name="resourceType"
          label="Resource type"
          defaultValue={values.resourceType}
          error={fieldError("resourceType")}
          aria-invalid={invalid("resourceType")}
        >
          <option value="">Not a lesson resource</option>
          {resourceTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset aria-describedby={fieldError("subjects") ? "article-subjects-error" : undefined}>
        <legend className="text-sm font-medium">Subjects</legend>
        <div className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-3">
          {subjects.map((subject) => (
            <label key={subject.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="subjects" value={subject.id} defaultChecked={ticked.has(subject.id)} className="size-4 accent-primary" />
              {subject.name}
            </label>
          ))}
        </div>
        {fieldError("subjects") && (
          <p id="article-subjects-error" className="mt-1 text-sm text-destructive">
            {fieldError("subjects")}
          </p>
        )}
      </fieldset>
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          id="article-language"
          name="language"
          label="Language"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          error={fieldError("language")}
          aria-invalid={invalid("language")}
        >
          {pickerLanguages.map((option) => (
            <option key={option.tag} value={option.tag}>
              {option.name}
            </option>
          ))}
          <option value={otherLanguageChoice}>Other…</option>
        </SelectField>
        {language === otherLanguageChoice && (
          <TextField
            id="article-language-other"
            name="languageOther"
            label="Language tag"
            required
            defaultValue={values.languageOther}
            hint="A BCP 47 tag, such as sw for Kiswahili or fr for French."
            error={fieldError("languageOther")}
            aria-invalid={invalid("languageOther")}
          />
        )}
      </div>
      <SelectField
        id="article-translation-of"
        name="translationOf"
        label="Translation of"
        defaultValue={values.translationOf}
        hint="The article this one is a translation of (or that translates it): readers of one are offered the other."
        error={fieldError("translationOf")}
        aria-invalid={invalid("translationOf")}
      >
        <option value="">Not a translation</option>
        {translations.map((article) => (
          <option key={article.id} value={article.id}>
            {`${article.title} (${languageName(article.language)})`}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
