import { asc, eq } from "drizzle-orm";
import { teamMembers } from "../../database/schema";
import { services } from "./services.server";

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

export type PublicTeamMember = Awaited<ReturnType<typeof listActiveTeamMembers>>[number];
