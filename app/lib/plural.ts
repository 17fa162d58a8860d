// The site writes English, with numbers grouped as "1,210" (as the rest of its figures are).
const locale = "en-US";
const pluralRules = new Intl.PluralRules(locale);
const numberFormat = new Intl.NumberFormat(locale);

/** A noun's forms by plural category; English needs `one` and `other`. */
export type PluralForms = { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** The form of the noun that agrees with `count`: "subscriber" for 1, "subscribers" for 0 or 2. */
export function pluralWord(count: number, forms: PluralForms): string {
  return forms[pluralRules.select(count)] ?? forms.other;
}

/** `count` and the noun that agrees with it: plural(1, { one: "view", other: "views" }) is "1 view", 1210 gives "1,210 views". */
export function plural(count: number, forms: PluralForms): string {
  return `${numberFormat.format(count)} ${pluralWord(count, forms)}`;
}
