import { Globe2, HeartHandshake, Lightbulb, Sprout } from "#app/components/site/icons";
import type { Route } from "./+types/about";
import { listActiveTeamMembers } from "#app/server/team/team.server";
import { services } from "#app/server/core/services.server";
import { pageMeta, siteFrom } from "#app/lib/seo";
import { cacheTag, keptOnServer, loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { AboutTeamMember } from "#app/components/site/about-team-member";
import { buttonClass } from "#app/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description: "The Educator is an online magazine for teachers in Zambia and worldwide: our mission, our values, our story and the team behind it.",
    path: "/about",
    ...siteFrom(matches),
  });

export async function loader() {
  try {
    return keptOnServer({ team: await listActiveTeamMembers(), teamFailed: false });
  } catch (error) {
    // The story is static; a database hiccup should cost only the team section.
    services().log.error({ err: error }, "Failed to load team members");
    return keptOnServer({ team: [], teamFailed: true });
  }
}

const values = [
  {
    icon: Lightbulb,
    title: "Practical first",
    text: "Every article should help a teacher do something on Monday morning: a lesson idea, a routine, a way through a new policy.",
  },
  {
    icon: Sprout,
    title: "Rooted in Zambia",
    text: "We write from real Zambian classrooms, rural and urban, large classes and small, and we test ideas against the resources teachers actually have.",
  },
  {
    icon: Globe2,
    title: "Open to the world",
    text: "Good teaching travels. We bring useful research and practice from other countries and share Zambian experience with educators everywhere.",
  },
  {
    icon: HeartHandshake,
    title: "Teachers as professionals",
    text: "We respect the knowledge of teachers, give them a voice, and treat their wellbeing and careers as seriously as learner results.",
  },
];

export const handle: ReaderPageHandle<Awaited<ReturnType<typeof loader>>> = {
  // A failed team read is not kept: the next reader tries again.
  readerPage: { live: ["team_members"], cacheTags: ({ teamFailed }) => (teamFailed ? null : [cacheTag.team]) },
};

export const clientLoader = loadAsDocument;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { team, teamFailed } = loaderData;
  return (
    <>
      <section data-banner="magazine" className="banner px-4 py-16">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="font-serif text-4xl font-black md:text-5xl">About The Educator</h1>
          <p className="mt-4 text-lg md:text-xl">An education magazine for teachers, written with a Zambian focus and read by educators worldwide.</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-12">
        <section aria-labelledby="mission-heading" className="mx-auto max-w-3xl">
          <h2 id="mission-heading" className="text-2xl font-bold">
            Our Mission
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            We exist to support and celebrate teachers. The Educator gives educators clear news about the policies that shape their work, practical ideas they
            can use in crowded and under-resourced classrooms, and a community where they can ask questions and learn from one another.
          </p>
        </section>

        <section aria-labelledby="values-heading" className="mt-14">
          <h2 id="values-heading" className="text-center text-2xl font-bold">
            Our Values
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-border p-6">
                <Icon className="size-8 text-accent" aria-hidden />
                <h3 className="mt-3 text-lg font-bold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="story-heading" className="mx-auto mt-14 max-w-3xl space-y-4 text-muted-foreground">
          <h2 id="story-heading" className="text-2xl font-bold text-foreground">
            Our Story
          </h2>
          <p>
            The Educator began in a Lusaka staff room, where a group of teachers kept swapping the same worn photocopies: a good reading activity, a circular
            from the ministry, notes from a workshop only one of them had attended. Useful knowledge was everywhere, but it rarely reached the teachers who
            needed it most.
          </p>
          <p>
            We started writing it down and sharing it online. Former teachers, head teachers, health workers and technology enthusiasts joined as writers, and
            readers from every province, and soon from beyond Zambia, began sending questions and stories of their own.
          </p>
          <p>
            Today we cover education news, health and wellbeing, sport, technology and entrepreneurship, and we run Ask Kafundisha, where teachers help
            teachers. We are still led by people who have stood in front of a class, and we still measure every article by one question: will it help a teacher
            tomorrow?
          </p>
        </section>

        <section aria-labelledby="team-heading" className="mt-14">
          <h2 id="team-heading" className="text-center text-2xl font-bold">
            Meet Our Team
          </h2>
          {teamFailed ? (
            <p role="alert" className="mt-6 text-center text-destructive">
              Failed to load team members. Please try again.
            </p>
          ) : team.length === 0 ? (
            <p className="mt-6 text-center text-muted-foreground">Our team will be introduced here shortly.</p>
          ) : (
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {team.map((member) => (
                <AboutTeamMember key={member.id} member={member} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="join-heading" className="mt-14 rounded-2xl bg-subtle px-6 py-10 text-center">
          <h2 id="join-heading" className="text-2xl font-bold">
            Write With Us
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">
            Have a lesson that worked, a story from your school or an idea worth sharing? We would love to hear from you.
          </p>
          <a href="/contact" className={buttonClass("primary", "lg", "mt-6 py-3")}>
            Get in Touch
          </a>
        </section>
      </div>
    </>
  );
}
