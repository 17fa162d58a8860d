/** What the About page shows of a member (the server's active-team query gives these). */
interface PublicTeamMember {
  name: string;
  position: string;
  bio: string | null;
  photoUrl: string | null;
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** One active team member: photo (or initials when there is none), name, position and bio. */
export function AboutTeamMember({ member }: { member: PublicTeamMember }) {
  return (
    <li className="flex flex-col items-center rounded-xl border border-border p-6 text-center">
      {member.photoUrl ? (
        <img src={member.photoUrl} alt={`Portrait of ${member.name}`} width={112} height={112} loading="lazy" className="size-28 rounded-full object-cover" />
      ) : (
        <div aria-hidden className="flex size-28 items-center justify-center rounded-full bg-accent text-3xl font-bold text-accent-foreground">
          {initialsOf(member.name)}
        </div>
      )}
      <h3 className="mt-4 text-lg font-bold">{member.name}</h3>
      <p className="text-sm font-semibold text-accent">{member.position}</p>
      {member.bio && <p className="mt-3 text-sm text-muted-foreground">{member.bio}</p>}
    </li>
  );
}
