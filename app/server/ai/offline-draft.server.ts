import { setTimeout as sleep } from "node:timers/promises";
import { categoryLabel } from "#app/lib/category-label";
import { countWords, lengthWords, type GenerateRequest, type Tone } from "#app/lib/ai-options";
import type { AiProvider } from "./types.server";

/**
 * The writer without an AI provider: a structured starting draft built from the prompt and
 * the chosen options. It is deterministic (same input, same draft) and never pretends to
 * know facts: where the editor must add specifics, the draft says so.
 */

const promptStopWords = new Set(
  "a about after all also an and any are as at be been but by can could do does for from has have how i in into is it its me more most my new not of on or our out please should so some that the their them there these they this to up us was we what when where which who why will with write would you your article post headline excerpt blog piece teachers teacher".split(
    " ",
  ),
);

interface Subject {
  /** The subject as the prompt names it, e.g. "mobile phones in rural classrooms". */
  topic: string;
  /** Title-cased topic, for headings. */
  heading: string;
  keywords: string[];
  summary: string | null;
  sourceUrl: string | null;
}

function titleCase(text: string): string {
  const small = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "with"]);
  return text
    .split(/\s+/)
    .map((word, index) => (index > 0 && small.has(word.toLowerCase()) ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}

/** Reads the topic, a summary and a link out of the prompt (the news panel sends all three). */
export function subjectOf(prompt: string): Subject {
  const lines = prompt
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const summaryLine = lines.find((line) => /^summary:/i.test(line));
  const sourceLine = lines.find((line) => /^source:/i.test(line));
  const main = lines.find((line) => line !== summaryLine && line !== sourceLine) ?? prompt.trim();
  const topic = main
    .replace(
      /^(please\s+)?(write|draft|create|prepare|compose)\s+(me\s+)?(an?\s+)?((short|long|brief)\s+)?(article|post|piece|story|blog post|headline|excerpt)?\s*(about|on)\s+(this news for teachers:\s*)?/i,
      "",
    )
    .replace(/^write about this news for teachers:\s*/i, "")
    .split(/(?<=[.!?])\s/)[0]!
    .replace(/[.!?:;,]+$/, "")
    .trim()
    .slice(0, 120);
  const cleanTopic = topic || "this topic";
  const words = `${cleanTopic} ${summaryLine ?? ""}`.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const keywords = [...new Set(words.filter((word) => word.length > 2 && !promptStopWords.has(word) && !/^\d+$/.test(word)))].slice(0, 6);
  const url = sourceLine?.match(/https?:\/\/[^\s)]+/)?.[0] ?? null;
  return {
    topic:
      /^[A-Z][a-z]+\b(?!')/.test(cleanTopic) && !/^(Zambia|Lusaka|Africa|Ministry)/.test(cleanTopic)
        ? cleanTopic.charAt(0).toLowerCase() + cleanTopic.slice(1)
        : cleanTopic,
    heading: titleCase(cleanTopic),
    keywords,
    summary: summaryLine ? summaryLine.replace(/^summary:\s*/i, "") : null,
    sourceUrl: url,
  };
}

/** Small stable hash, so the same prompt picks the same wording. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

const pick = <T>(options: readonly T[], seed: number, salt: number) => options[(seed + salt * 7919) % options.length]!;

const categoryContexts: Record<string, { focus: string; setting: string; measure: string }> = {
  "education-news": { focus: "policy, curriculum and school life", setting: "schools and classrooms", measure: "attendance, marks and learners' confidence" },
  health: {
    focus: "the health and wellbeing of learners and staff",
    setting: "classrooms, school grounds and homes",
    measure: "absences, learners' energy and how safe pupils feel",
  },
  sports: {
    focus: "physical education and school sport",
    setting: "PE lessons, school teams and break-time games",
    measure: "participation, fitness and teamwork",
  },
  technology: {
    focus: "digital tools for teaching and learning",
    setting: "classrooms with few devices and unreliable power",
    measure: "time saved, learner engagement and results",
  },
  entrepreneurship: {
    focus: "enterprise, business skills and self-reliance",
    setting: "school clubs, projects and market days",
    measure: "projects finished, money managed and skills learners can name",
  },
};

function contextOf(category: string) {
  return categoryContexts[category] ?? { focus: categoryLabel(category).toLowerCase(), setting: "schools and classrooms", measure: "what learners can now do" };
}

const voices: Record<Tone, { reader: string; opener: string[]; nudge: string; closing: string }> = {
  professional: {
    reader: "teachers",
    opener: ["For teachers and school leaders,", "Across many schools,", "In classrooms today,"],
    nudge: "Teachers who plan for this early are better placed to respond.",
    closing: "The steps above are a starting point; adapt them to your school, your learners and your community.",
  },
  casual: {
    reader: "teachers",
    opener: ["Let's be honest:", "Here's the thing:", "If you teach, you've probably noticed that"],
    nudge: "You don't need to fix everything at once; small changes add up.",
    closing: "Pick one idea, try it this week, and see what happens.",
  },
  academic: {
    reader: "practitioners",
    opener: [
      "Research on teaching and learning suggests that",
      "From the perspective of classroom practice,",
      "Educational literature consistently notes that",
    ],
    nudge: "Practitioners should treat these suggestions as hypotheses to test in their own context, and check claims against current local evidence.",
    closing: "Systematic reflection on these practices, and sharing findings with colleagues, strengthens the evidence base for everyone.",
  },
  conversational: {
    reader: "you",
    opener: ["You have probably asked yourself about this already:", "Think about your own classroom for a moment.", "If you are like most teachers,"],
    nudge: "You know your learners best, so trust your judgement as you try these ideas.",
    closing: "You are not doing this alone: talk it through with a colleague and keep each other going.",
  },
};

type SectionWriter = (s: Subject, c: ReturnType<typeof contextOf>, v: (typeof voices)[Tone], seed: number) => { heading: string; paragraphs: string[] };

const sections: SectionWriter[] = [
  (s, c, v) => ({
    heading: "Why This Matters Now",
    paragraphs: [
      `The question of ${s.topic} touches ${c.focus} directly. When it is handled well, learners gain time, confidence and a clearer sense of why school matters; when it is ignored, the gaps show up quickly in ${c.measure}.`,
      `For ${v.reader === "you" ? "you as a teacher" : v.reader}, the question is rarely whether this matters, but how to respond with the time, materials and class sizes that schools really have. That is the focus of this article.`,
      `It also matters beyond the classroom. Parents, head teachers and district officials all have a stake in ${s.topic}, and teachers are often the first to see its effects on individual learners.`,
    ],
  }),
  (s, c) => ({
    heading: "What It Looks Like in Practice",
    paragraphs: [
      `In ${c.setting}, the reality of ${s.topic} rarely looks like the description in a policy document. It shows up in small moments: a learner who cannot follow, a lesson that runs out of time, a conversation with a parent at the gate.`,
      `Start by describing what you see in your own school. Which classes are affected most? Which learners? Writing down two or three concrete examples makes the rest of this plan far easier to carry out.`,
      `Check the facts before you act or publish: confirm dates, names and figures with the Ministry of Education, your district office or the original source, and note where information is still uncertain.`,
    ],
  }),
  (s, c, v) => ({
    heading: "Practical Steps for the Classroom",
    paragraphs: [
      `Begin with one clear goal linked to ${s.topic}, and share it with your learners in simple words. A goal that learners can repeat back to you is a goal they can work towards.`,
      `Plan short, regular activities rather than a single big event. Ten focused minutes at the start of a lesson, repeated over several weeks, usually achieves more than one long session. ${v.nudge}`,
      `Use what you already have: the chalkboard, exercise books, local materials and the experience of learners themselves. Group work and peer explanation stretch limited resources in large classes.`,
      `Keep a simple record of what you tried and how learners responded. A page in your lesson plan book is enough, and it turns good intentions into evidence you can share.`,
    ],
  }),
  (s, c) => ({
    heading: "A Sample Lesson Outline",
    paragraphs: [
      `Here is one way to bring ${s.topic} into a single 40-minute lesson. Adjust the timings to your timetable and class size.`,
      [
        `1. Starter (5 minutes): ask learners what they already know or have seen about ${s.topic}.`,
        "2. Input (10 minutes): explain the key idea with one local example learners will recognise.",
        "3. Group task (15 minutes): small groups solve a short problem or discuss a question, then agree one answer.",
        "4. Sharing (5 minutes): two or three groups report back; correct misunderstandings kindly.",
        "5. Exit question (5 minutes): each learner writes one thing they learned and one question they still have.",
      ].join("\n"),
      `Read the exit questions after the lesson. They show you, in a few minutes, which ideas about ${c.focus} need another look next time.`,
    ],
  }),
  (s) => ({
    heading: "Common Challenges and How to Respond",
    paragraphs: [
      `Time is the most common obstacle. Link work on ${s.topic} to topics already in the syllabus instead of adding something new, so that it strengthens lessons rather than competing with them.`,
      `Large classes make individual attention hard. Short check-ins, learner monitors and quick written exit questions help you see who is keeping up without marking a full exercise every day.`,
      `Some colleagues or parents may be unsure at first. Share early results, however small, and invite them to see what learners are doing; visible progress persuades better than argument.`,
    ],
  }),
  (s) => ({
    heading: "Adapting for Different Learners",
    paragraphs: [
      `Not every learner meets ${s.topic} in the same way. Learners who are behind, learners with disabilities and learners still building their English may each need a different way in.`,
      "Explain key words in a familiar local language where that helps, then return to English. Pictures, real objects and demonstrations make ideas concrete for everyone, not only for those who struggle.",
      "Watch that boys and girls take part equally, in speaking, leading groups and handling materials. Give quieter learners roles that let them contribute without having to speak first.",
    ],
  }),
  (s, c) => ({
    heading: "Involving Parents and the Community",
    paragraphs: [
      `Families are powerful partners. A short note home, a word at a PTA meeting or a message to a parents' group can explain what the school is doing about ${s.topic} and how families can help.`,
      `Community members often bring skills and knowledge that schools lack. Local health workers, coaches, business owners and elders can all strengthen work in ${c.setting} when they are invited in with a clear role.`,
      "Keep communication two-way. Ask families what they notice at home, and treat their observations as part of the picture rather than as complaints to manage.",
    ],
  }),
  (s, c) => ({
    heading: "Measuring Progress",
    paragraphs: [
      `Decide at the start how you will know whether things are improving. For ${s.topic}, simple signs such as ${c.measure} are often more useful than a formal test.`,
      `Look at progress after four to six weeks, not after a single lesson. Compare with your notes from the start, and be honest about what did not work: that is useful information too.`,
      "Share what you find with learners as well. When they can see their own progress, motivation rises, and they start to take some ownership of the goal.",
    ],
  }),
  (s) => ({
    heading: "Support for Teachers",
    paragraphs: [
      `No teacher should carry ${s.topic} alone. School-based continuing professional development, subject meetings and teacher group meetings are natural places to share ideas and problems.`,
      `Head teachers can help by protecting time for planning, recognising effort and making sure that new expectations come with the support needed to meet them.`,
      "Look after yourself too. Change is tiring, and a teacher who is rested and supported is far more effective than one who is trying to do everything at once.",
    ],
  }),
  (s) => ({
    heading: "Looking Ahead",
    paragraphs: [
      `The picture around ${s.topic} will keep changing as policies, resources and learners' needs change. Schools that build habits of reflection and sharing will adapt more easily than those waiting for a perfect solution.`,
      `Keep an eye on announcements from education authorities and on what colleagues in other schools are trying. Good ideas travel fastest between teachers.`,
      `Above all, keep learners at the centre. Every decision about ${s.topic} is worth judging by one simple test: does it help the children in front of us learn better?`,
    ],
  }),
  (s, c) => ({
    heading: "Questions for Your Staff Meeting",
    paragraphs: [
      `Use these questions to start a conversation with colleagues: What does ${s.topic} look like in our school? Which learners are most affected? What is one thing we could change this term, and who will lead it?`,
      `Agree on a date to review what you have tried. A short follow-up keeps work on ${c.focus} from fading once the term gets busy.`,
      "Write down what the meeting agrees, however brief. A shared record makes it easier for new staff to join in and for the school to build on what worked.",
    ],
  }),
];

const articleTitles: Record<Tone, (heading: string) => string> = {
  professional: (heading) => `${heading}: A Practical Guide for Teachers`,
  casual: (heading) => `${heading}: What Actually Works in Class`,
  academic: (heading) => `${heading}: Evidence and Practice in the Classroom`,
  conversational: (heading) => `${heading}: What It Means for You and Your Learners`,
};

function article(request: GenerateRequest, subject: Subject, seed: number): string {
  const context = contextOf(request.category);
  const voice = voices[request.tone];
  const range = lengthWords[request.length];
  const target = Math.round((range.min + range.max) / 2);
  const sectionCount = { short: 4, medium: 7, long: sections.length }[request.length];
  const chosen = sections.slice(0, sectionCount).map((write) => write(subject, context, voice, seed));

  const intro = [
    `${pick(voice.opener, seed, 1)} the subject of ${subject.topic} deserves careful attention in ${context.setting}.`,
    subject.summary
      ? `The starting point for this piece: ${subject.summary}`
      : `This article looks at what ${subject.topic} means for day-to-day teaching, and what can be done about it.`,
    `It is written for the ${categoryLabel(request.category)} section of The Educator.`,
  ].join(" ");
  const keyPoints = [
    `Work on ${subject.topic} touches ${context.focus}; start from what you see in your own school.`,
    "Set one clear goal and work towards it in short, regular steps.",
    "Use the resources you already have, and let learners teach each other.",
    `Track simple signs of progress such as ${context.measure}.`,
    ...(subject.keywords.length ? [`Link ${subject.keywords.slice(0, 3).join(", ")} to lessons already in the syllabus.`] : []),
    "Verify facts, dates and figures with official sources before sharing.",
  ];
  const callToAction = [
    `Choose one step from this article and try it with your learners this week. Then tell us how it went: share your experience in the comments, ask a question on Ask Kafundisha, or write to The Educator so other teachers can learn from you.`,
    voice.closing,
    subject.sourceUrl ? `Read the original report: ${subject.sourceUrl}` : "",
  ]
    .filter(Boolean)
    .join(" ");

  // Every section keeps its first paragraph; more are added in turn until the length target.
  const taken = chosen.map(() => 1);
  const render = () =>
    [
      `# ${articleTitles[request.tone](subject.heading)}`,
      intro,
      ...chosen.flatMap((section, index) => [`## ${section.heading}`, ...section.paragraphs.slice(0, taken[index])]),
      "## Key points",
      keyPoints.map((point) => `- ${point}`).join("\n"),
      "## What teachers can do next",
      callToAction,
    ].join("\n\n");
  let text = render();
  for (let depth = 1; countWords(text) < target; depth++) {
    const before = text;
    for (let index = 0; index < chosen.length && countWords(text) < target; index++) {
      if (chosen[index]!.paragraphs.length > depth && taken[index] === depth) {
        taken[index] = depth + 1;
        const next = render();
        if (countWords(next) > range.max) {
          taken[index] = depth;
          continue;
        }
        text = next;
      }
    }
    if (text === before) break;
  }
  return text;
}

function headlines(subject: Subject, request: GenerateRequest, seed: number): string {
  const section = categoryLabel(request.category);
  const options = [
    `${subject.heading}: What Teachers Need to Know`,
    `How Schools Can Respond to ${subject.heading}`,
    `${subject.heading}: Five Practical Steps for the Classroom`,
    `What ${subject.heading} Means for Learners in Zambia`,
    `${section}: ${subject.heading} Explained for Educators`,
    `From Policy to Practice: ${subject.heading}`,
  ];
  const start = seed % options.length;
  return [...options.slice(start), ...options.slice(0, start)]
    .slice(0, 5)
    .map((headline, index) => `${index + 1}. ${headline}`)
    .join("\n");
}

function excerpt(subject: Subject, request: GenerateRequest): string {
  const context = contextOf(request.category);
  const lead = subject.summary ? `${subject.summary.replace(/[.!?]*$/, ".")} ` : "";
  return `${lead}What does ${subject.topic} mean for ${context.setting}? We look at practical steps teachers can take this term, and simple ways to see whether they are working.`;
}

function social(subject: Subject, request: GenerateRequest): string {
  const tags = [
    `#${categoryLabel(request.category).replace(/\s+/g, "")}`,
    "#TeachersZM",
    ...subject.keywords.slice(0, 1).map((word) => `#${word.replace(/[^\p{L}\p{N}]/gu, "")}`),
  ];
  const body = `New on The Educator: ${subject.heading}. Practical ideas for teachers, with steps you can try this week.`;
  const post = `${body} ${tags.join(" ")}`;
  return post.length <= 280 ? post : `${body.slice(0, 270 - tags[0]!.length).trimEnd()}... ${tags[0]}`;
}

/** The full offline draft for a request. */
export function offlineDraft(request: GenerateRequest): string {
  const subject = subjectOf(request.prompt);
  const seed = seedOf(`${request.prompt}|${request.tone}|${request.category}`);
  switch (request.type) {
    case "article":
      return article(request, subject, seed);
    case "headline":
      return headlines(subject, request, seed);
    case "excerpt":
      return excerpt(subject, request);
    case "social":
      return social(subject, request);
  }
}

/** Streams the offline draft a few words at a time, so the page shows it the same way as a provider's answer. */
export function createOfflineDraftProvider({ delayMs = 12 }: { delayMs?: number } = {}): AiProvider {
  return {
    source: "offline",
    model: null,
    async *generate(request: GenerateRequest, signal: AbortSignal) {
      const pieces = offlineDraft(request).match(/\S+\s*/g) ?? [];
      for (let index = 0; index < pieces.length; index += 6) {
        if (signal.aborted) return;
        yield pieces.slice(index, index + 6).join("");
        if (delayMs > 0) await sleep(delayMs, undefined, { signal }).catch(() => undefined);
      }
    },
  };
}
