import { z } from "zod";

/**
 * What an admin sets for the whole magazine in Settings (kept in the database, app/server/settings):
 * its name and words, where readers write to, the header's links, and who may join, comment and ask.
 * Environment variables stay for what an operator sets (ports, database, secrets).
 */
export interface SiteSettings {
  name: string;
  tagline: string;
  /** An image on this site (a path such as /media/…) shown in the header before the name; null: the name alone. */
  logoUrl: string | null;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
  /** The header's links, in order (navigationChoices names what each may be). */
  navigation: string[];
  /** "open": anyone may make an account; "invitation": only through an invitation an admin made. */
  signUp: SignUpPolicy;
  /** Who may comment under articles; "off" keeps the comments shown and closes the form. */
  comments: CommentPolicy;
  askKafundisha: boolean;
}

/** A header link as readers see it. */
export interface NavigationLink {
  to: string;
  label: string;
}

/** What every page is rendered with (the root loader's `site`): the settings, the header's links resolved to labels. */
export interface CurrentSiteSettings extends SiteSettings {
  links: NavigationLink[];
}

export const signUpPolicies = [
  { value: "open", label: "Anyone may make an account" },
  { value: "invitation", label: "By invitation only" },
] as const;
export type SignUpPolicy = (typeof signUpPolicies)[number]["value"];

export const commentPolicies = [
  { value: "readers", label: "Signed-in readers" },
  { value: "staff", label: "Staff only (writers, editors and admins)" },
  { value: "off", label: "Nobody: comments are closed" },
] as const;
export type CommentPolicy = (typeof commentPolicies)[number]["value"];

/** The site's own pages a header link may lead to; a category's link is `category:<slug>`. */
export const navigationPages = [
  { key: "/articles", label: "Articles" },
  { key: "/categories", label: "Categories" },
  { key: "/resources", label: "Resources" },
  { key: "/about", label: "About" },
  { key: "/contact", label: "Contact" },
  { key: "/ask-kafundisha", label: "Ask Kafundisha" },
  { key: "/school-packs", label: "School packs" },
] as const;

export const categoryLinkPrefix = "category:";
/** More than this and the header wraps on a laptop; the rest of the site is a tap away on /categories. */
export const navigationLimit = 8;

export const defaultSiteSettings: SiteSettings = {
  name: "The Educator",
  tagline: "Empowering educators worldwide with news, ideas and practical guidance, rooted in Zambia.",
  logoUrl: null,
  contactEmail: "hello@theeducator.co.zm",
  contactPhone: "+260 211 000 000",
  contactAddress: "Plot 12, Independence Avenue, Lusaka, Zambia",
  navigation: ["/articles", "/categories", "/resources", "/about", "/contact", "/ask-kafundisha"],
  signUp: "open",
  comments: "readers",
  askKafundisha: true,
};

export const siteSettingLimits = { name: 60, tagline: 160, contact: 200, logoUrl: 500 } as const;

const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((text) => !/[\r\n]/.test(text), `${label} must be one line.`);

/** The Settings form, checked the same in the browser and on the server. */
export const siteSettingsSchema = z.object({
  name: oneLine("Site name", siteSettingLimits.name).pipe(z.string().min(1, "Site name is required.")),
  tagline: oneLine("Tagline", siteSettingLimits.tagline),
  logoUrl: oneLine("Logo", siteSettingLimits.logoUrl).refine(
    (url) => url === "" || /^\/(?!\/)[^\s"'<>\\]*$/.test(url),
    "Logo must be an image on this site: copy its address from the Media Library (it starts with /).",
  ),
  contactEmail: oneLine("Contact email", siteSettingLimits.contact).refine(
    (email) => email === "" || z.email().safeParse(email).success,
    "Contact email must be an email address.",
  ),
  contactPhone: oneLine("Phone", siteSettingLimits.contact),
  contactAddress: oneLine("Office address", siteSettingLimits.contact),
  navigation: z.array(z.string()).max(navigationLimit, `The header holds at most ${navigationLimit} links.`),
  signUp: z.enum(signUpPolicies.map((policy) => policy.value) as [SignUpPolicy, ...SignUpPolicy[]], "Choose who may make an account."),
  comments: z.enum(commentPolicies.map((policy) => policy.value) as [CommentPolicy, ...CommentPolicy[]], "Choose who may comment."),
  askKafundisha: z.boolean(),
});

export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** A stored value read back: anything missing or no longer valid falls back to the default. */
export function siteSettingsFrom(stored: unknown): SiteSettings {
  const value = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const merged: SiteSettings = { ...defaultSiteSettings };
  for (const key of Object.keys(defaultSiteSettings) as Array<keyof SiteSettings>) {
    const field = siteSettingsSchema.shape[key].safeParse(value[key]);
    if (field.success) Object.assign(merged, { [key]: key === "logoUrl" ? field.data || null : field.data });
  }
  return merged;
}

/** Whether the role may write a comment under the policy. */
export function mayComment(policy: CommentPolicy, staff: boolean): boolean {
  return policy === "readers" || (policy === "staff" && staff);
}

export const commentsClosedText = "Comments are closed.";
export const staffCommentsText = "Only the magazine's staff comment here.";
export const invitationOnlyText = "Joining is by invitation only: ask the magazine for an invitation link.";

/** A place the header may link to, offered in Settings: one of the site's pages, or a category. */
export interface NavigationChoice {
  key: string;
  label: string;
}

export const navigationFieldPrefix = "nav:";

/** The Settings form as posted, read into the schema's input: the header is each chosen link by its place (ties: as offered). */
export function siteSettingsFormValues(form: FormData, choices: readonly NavigationChoice[]) {
  const text = (name: string) => String(form.get(name) ?? "");
  const places = Object.fromEntries(choices.map((choice) => [choice.key, text(`${navigationFieldPrefix}${choice.key}`)]));
  const navigation = choices
    .map((choice, offered) => ({ key: choice.key, place: Number.parseInt(places[choice.key] ?? "", 10), offered }))
    .filter((entry) => Number.isInteger(entry.place) && entry.place > 0)
    .sort((a, b) => a.place - b.place || a.offered - b.offered)
    .map((entry) => entry.key);
  return {
    input: {
      name: text("name"),
      tagline: text("tagline"),
      logoUrl: text("logoUrl"),
      contactEmail: text("contactEmail"),
      contactPhone: text("contactPhone"),
      contactAddress: text("contactAddress"),
      navigation,
      signUp: text("signUp"),
      comments: text("comments"),
      askKafundisha: form.get("askKafundisha") === "on",
    },
    places,
  };
}
