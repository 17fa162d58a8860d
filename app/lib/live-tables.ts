/** Tables whose changes are pushed to browsers (spec: live refresh). */
export const liveTables = ["articles", "categories", "team_members", "comments", "profiles", "page_views"] as const;

export type LiveTable = (typeof liveTables)[number];

export interface TableChange {
  table: LiveTable;
  op: "insert" | "update" | "delete";
  id: string | null;
}
