/** Tables whose changes are pushed to browsers (spec: live refresh). */
export const liveTables = [
  "articles",
  "categories",
  "team_members",
  "comments",
  "profiles",
  "page_views",
  "contact_messages",
  "community_questions",
  "guest_authors",
  "community_answers",
  "community_reports",
  "community_held_edits",
  "subjects",
  "article_resources",
  // Announced by app/server/settings when an admin saves Settings (it has no table of its own).
  "site_settings",
] as const;

export type LiveTable = (typeof liveTables)[number];

export interface TableChange {
  table: LiveTable;
  /** "views": only an article's view count changed (a reader opened it). */
  op: "insert" | "update" | "delete" | "views";
  id: string | null;
}
