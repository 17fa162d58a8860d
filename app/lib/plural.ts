// The site writes English, with numbers grouped as "1,210" (as the rest of its figures are).
let pluralRules: Intl.PluralRules | undefined;

/**
 * `count` grouped by thousands as English writes it: 1210 gives "1,210". By hand rather than with
 * Intl.NumberFormat, whose first use costs a phone about a third of a second: this runs in the reader
 * script, which every reader downloads.
 */
export function formatCount(count: number): string {
  const [whole, fraction] = String(Math.round(count * 1000) / 1000).split(".");
  return whole!.replace(/\B(?=(\d{3})+$)/g, ",") + (fraction ? `.${fraction}` : "");
}

/** A noun's forms by plural category; English needs `one` and `other`. */
export type PluralForms = { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** The form of the noun that agrees with `count`: "subscriber" for 1, "subscribers" for 0 or 2. */
export function pluralWord(count: number, forms: PluralForms): string {
  pluralRules ??= new Intl.PluralRules("en-US");
  return forms[pluralRules.select(count)] ?? forms.other;
}

/** `count` and the noun that agrees with it: plural(1, { one: "view", other: "views" }) is "1 view", 1210 gives "1,210 views". */
export function plural(count: number, forms: PluralForms): string {
  return `${formatCount(count)} ${pluralWord(count, forms)}`;
}
