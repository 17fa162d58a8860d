import { and, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { articles, categories, comments, profiles, teamMembers } from "../../database/schema";
import { AdminInputError } from "./admin-content.server";
import type { AppDb } from "./db-types.server";
import { OwnerRoleError } from "./owner.server";
import { firstPage, keysetPage, type KeysetOrder, type Page, type PageRequest } from "./keyset.server";
import { services } from "./services.server";
import type { Toast } from "../lib/toast";

/**
 * The error toast for a failed save or delete: an expected refusal says why (spec §8 "server
 * message"); anything else is logged and shows the screen's fallback text.
 */
export function failureToast(error: unknown, fallback: string): Toast {
  if (error instanceof AdminInputError || error instanceof OwnerRoleError) return { type: "error", title: "Error", description: error.message };
  services().log.error({ err: error }, fallback);
  return { type: "error", title: "Error", description: fallback };
}

/** Loads a page of a list; a failure is logged and answered with the screen's load-error toast and no rows. */
export async function loadOrToast<Row>(load: () => Promise<Page<Row>>, fallback: string): Promise<Page<Row> & { toast?: Toast }> {
  try {
    return await load();
  } catch (error) {
    services().log.error({ err: error }, fallback);
    return { rows: [], next: null, prev: null, toast: { type: "error", title: "Error", description: fallback } };
  }
}

/**
 * A date written on the server in the site's time zone, so the browser hydrates the same text
 * the server rendered.
 */
export function stampDate(date: Date) {
  return {
    iso: date.toISOString(),
    text: date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: services().config.SITE_TIMEZONE }),
  };
}

export type DateStamp = ReturnType<typeof stampDate>;

/** As stampDate, with the time of day: "30 Nov 2026, 07:00". */
export function stampDateTime(date: Date): DateStamp {
  const timeZone = services().config.SITE_TIMEZONE;
  return {
    iso: date.toISOString(),
    text: date.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }),
  };
}

/** "Contains" pattern for ILIKE: the searcher's own % and _ are matched literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const searchText = z
  .string()
  .nullish()
  .transform((value) => value?.trim().slice(0, 200) ?? "");

export const commentFilterSchema = z.object({
  q: searchText,
  status: z.enum(["all", "pending", "approved", "rejected"]).catch("all"),
});
export type CommentFilter = z.output<typeof commentFilterSchema>;

export const userFilterSchema = z.object({
  q: searchText,
  role: z.enum(["all", "admin", "user"]).catch("all"),
});
export type UserFilter = z.output<typeof userFilterSchema>;

const categoryOrder: KeysetOrder = { name: "categories", columns: [categories.name, categories.id], direction: "asc" };

/** Admin categories: every field, by name (spec §7), a page at a time. */
export function listCategories(db: AppDb, page: PageRequest = firstPage) {
  return keysetPage(categoryOrder, page, (keyset) =>
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        icon: categories.icon,
        createdAt: categories.createdAt,
        cursor: keyset.cursor,
      })
      .from(categories)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

const commentOrder: KeysetOrder = { name: "comments", columns: [comments.createdAt, comments.id], direction: "desc" };

/** Admin comments, newest first, searched by content, article title or user id, a page at a time. */
export function listComments(db: AppDb, filter: CommentFilter, page: PageRequest = firstPage) {
  const pattern = containing(filter.q);
  return keysetPage(commentOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: comments.id,
        content: comments.content,
        status: comments.status,
        userId: comments.userId,
        articleId: comments.articleId,
        articleTitle: articles.title,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(
        and(
          filter.status === "all" ? undefined : eq(comments.status, filter.status),
          filter.q ? or(ilike(comments.content, pattern), ilike(articles.title, pattern), ilike(sql`${comments.userId}::text`, pattern)) : undefined,
          keyset.where,
        ),
      )
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

const profileOrder: KeysetOrder = { name: "users", columns: [profiles.createdAt, profiles.id], direction: "desc" };

/** Admin users (profiles), newest first, searched by display name, id or bio, a page at a time. */
export function listProfiles(db: AppDb, filter: UserFilter, page: PageRequest = firstPage) {
  const pattern = containing(filter.q);
  return keysetPage(profileOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: profiles.id,
        displayName: profiles.displayName,
        role: profiles.role,
        bio: profiles.bio,
        avatarUrl: profiles.avatarUrl,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(
        and(
          filter.role === "all" ? undefined : eq(profiles.role, filter.role),
          filter.q ? or(ilike(profiles.displayName, pattern), ilike(sql`${profiles.id}::text`, pattern), ilike(profiles.bio, pattern)) : undefined,
          keyset.where,
        ),
      )
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

const teamOrder: KeysetOrder = { name: "team", columns: [teamMembers.orderIndex, teamMembers.name, teamMembers.id], direction: "asc" };

/** Admin team list: every member, active or not, in display order, a page at a time. */
export function listTeamMembers(db: AppDb, page: PageRequest = firstPage) {
  return keysetPage(teamOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: teamMembers.id,
        name: teamMembers.name,
        position: teamMembers.position,
        photoUrl: teamMembers.photoUrl,
        active: teamMembers.active,
        orderIndex: teamMembers.orderIndex,
      })
      .from(teamMembers)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

export async function findTeamMember(db: AppDb, id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const [member] = await db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      position: teamMembers.position,
      bio: teamMembers.bio,
      photoUrl: teamMembers.photoUrl,
      active: teamMembers.active,
      orderIndex: teamMembers.orderIndex,
    })
    .from(teamMembers)
    .where(eq(teamMembers.id, id));
  return member ?? null;
}
