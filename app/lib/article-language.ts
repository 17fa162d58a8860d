import { defaultLanguage, languageName } from "./curriculum";

// Languages written right to left (their scripts' default), by primary subtag.
const rightToLeft = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "ks", "ku", "ps", "sd", "syr", "ug", "ur", "yi"]);

/** "rtl" for a language written right to left (Arabic or Hebrew script), else "ltr". */
export function languageDirection(tag: string): "ltr" | "rtl" {
  const [primary = "", ...rest] = tag.toLowerCase().split("-");
  if (rest.includes("arab") || rest.includes("hebr")) return "rtl";
  if (rest.includes("latn")) return "ltr";
  return rightToLeft.has(primary) ? "rtl" : "ltr";
}

/**
 * The attributes of an element whose text is in `tag`: nothing for the site's own English (the
 * page's `<html lang>` says it), else `lang` (and `dir` when it reads right to left).
 */
export function contentLanguageAttributes(tag: string): { lang?: string; dir?: "rtl" } {
  if (tag.toLowerCase() === defaultLanguage) return {};
  return languageDirection(tag) === "rtl" ? { lang: tag, dir: "rtl" } : { lang: tag };
}

/** A translation of an article, as its page offers it. */
export interface ArticleTranslation {
  id: string;
  language: string;
  title: string;
}

/** The translations in the order readers see them ("Also in: Chinyanja · Icibemba"), by language name. */
export const byLanguageName = (translations: readonly ArticleTranslation[]) =>
  [...translations].sort((a, b) => languageName(a.language).localeCompare(languageName(b.language), "en"));
