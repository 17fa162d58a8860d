import { asc, count, eq } from "drizzle-orm";
import { teamMembers } from "#database/schema";
import type { TeamMemberFormInput } from "#app/lib/admin-schemas";
import { isUuid } from "#app/lib/uuid";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import type { AppDb } from "#app/server/db/types.server";
import { countedPage, firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";

/** The team as readers see it on the About page: active members only, in display order. */
export function listActiveTeamMembers() {
  return services()
    .db.select({
      id: teamMembers.id,
      name: teamMembers.name,
      position: teamMembers.position,
      bio: teamMembers.bio,
      photoUrl: teamMembers.photoUrl,
    })
    .from(teamMembers)
    .where(eq(teamMembers.active, true))
    .orderBy(asc(teamMembers.orderIndex), asc(teamMembers.name));
}

const teamOrder: KeysetOrder = { name: "team", columns: [teamMembers.orderIndex, teamMembers.name, teamMembers.id], direction: "asc" };

/** Admin team list: every member, active or not, in display order, a page at a time, with how many there are. */
export function listTeamMembers(db: AppDb, page: PageRequest = firstPage) {
  const rows = keysetPage(teamOrder, page, (keyset) =>
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
  return countedPage(rows, db.select({ total: count() }).from(teamMembers));
}

export async function findTeamMember(db: AppDb, id: string) {
  if (!isUuid(id)) return null;
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

export async function saveTeamMember(db: AppDb, input: TeamMemberFormInput, id?: string) {
  if (!id) {
    const [created] = await db.insert(teamMembers).values(input).returning({ id: teamMembers.id });
    return created!;
  }
  const [updated] = await db
    .update(teamMembers)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(teamMembers.id, id))
    .returning({ id: teamMembers.id });
  if (!updated) throw new AdminInputError("This team member no longer exists.");
  return updated;
}

export async function deleteTeamMember(db: AppDb, id: string) {
  const deleted = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning({ id: teamMembers.id });
  if (deleted.length === 0) throw new AdminInputError("This team member no longer exists.");
}
