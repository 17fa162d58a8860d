// Ask Kafundisha as readers see it: question addresses, answer limits and the page's texts.
import { slugify } from "./slug";
import { isUuid } from "./uuid";
import { can, type Role } from "./access";
import { questionCategories } from "./inbox-schema";
import { pageCursorParams } from "./article-list-params";

/** A question's address words: its title's slug, at most 80 characters. */
export function questionSlug(title: string): string {
  return slugify(title).slice(0, 80).replace(/-+$/, "") || "question";
}

/** A question's page: /ask-kafundisha/{id}-{slug} (the id finds it; the words are for people). */
export const questionPath = (question: { id: string; slug: string }) => `/ask-kafundisha/${question.id}-${question.slug}`;

/** The id at the start of a question page's address part, or null. */
export function questionIdFrom(param: string): string | null {
  const id = param.slice(0, 36);
  return isUuid(id) && (param.length === 36 || param[36] === "-") ? id.toLowerCase() : null;
}

export const answerMaxLength = 10_000;

/** How long a teacher may edit their own question or answer once it is public; moderators may edit any, always. */
export const editWindowMs = 30 * 60 * 1000;

/** A post as the edit rules read it: who wrote it, and since when it is public (a post that waited counts from its approval). */
export interface EditablePost {
  authorId: string | null;
  publishedAt: Date | string | null;
  createdAt: Date | string;
}

/** Whether `actor` may edit `post`: a moderator always, its author for `editWindowMs` after it went public. */
export const mayEditPost = (actor: { id: string; role: Role }, post: EditablePost, now = Date.now()) =>
  can(actor.role, "moderateCommunity") || (actor.id === post.authorId && now - new Date(post.publishedAt ?? post.createdAt).getTime() < editWindowMs);

/** Whether `actor` reads what each post said before every edit (the question page's history). */
export const seesEditHistory = (actor: { role: Role } | null) => Boolean(actor && can(actor.role, "moderateCommunity"));

/** Signed-in teachers whose posts (and edits) go public without waiting: roles that may post without moderation, or this many published posts. */
export const trustedAfterPosts = 3;

export const answerTexts = {
  missing: "Please write your answer.",
  tooLong: `Answers can be at most ${answerMaxLength.toLocaleString("en")} characters.`,
  published: "Thank you! Your answer is published.",
  awaitingModeration: "Thank you! Your answer will appear once a moderator approves it.",
  questionPublished: "Your question is published.",
  questionSubmitted: "Thank you! Your question has been submitted.",
  questionWaiting: "A moderator reads it before it appears on the site; it is published once approved.",
  trustRule: `Questions and answers from teachers with ${trustedAfterPosts} published posts appear at once; the rest wait for a moderator.`,
  askerEmailHint: "We write when your question is published and when it is answered, at most once an hour. Signed in? We use your account's email.",
} as const;

/** The page an asker's mail links to for no more mails about their question. */
export const questionMailsStopPath = "/ask-kafundisha/unsubscribe";

/** A school pack's Ask Kafundisha is for reading: where to ask or answer (an address as text, since a pack links nowhere outside itself). */
export const askOnlineText = (publicUrl: string) =>
  `This school pack is for reading. To ask a question or answer one, go online to ${publicUrl.replace(/\/+$/, "")}/ask-kafundisha.`;

export const communityTexts = {
  answerGone: "This answer is no longer published.",
  questionGone: "This question is no longer published.",
  ownAnswer: "You cannot vote for your own answer.",
  ownQuestion: "You cannot vote for your own question.",
  questionVoted: "Thank you for your vote: teachers see this question is wanted.",
  notYoursToAccept: "Only the person who asked, or a moderator, can accept an answer.",
  voted: "Thank you for your vote.",
  unvoted: "Your vote is taken back.",
  accepted: "Answer accepted.",
  unaccepted: "The answer is no longer accepted.",
  ownPost: "You cannot report your own post.",
  noAnswersForAsker: "No answers yet. Teachers see your question in the list of questions.",
  reasonMissing: "Please say what is wrong.",
  otherReasonMissing: "Please say what else is wrong.",
  reasonTooLong: "Reasons can be at most 500 characters.",
  reported: "Thank you. A moderator will look at it.",
  alreadyReported: "You have already reported this. A moderator will look at it.",
  noOpenReports: "These reports are already dealt with.",
  editClosed: "Posts can be edited for 30 minutes; after that, ask a moderator.",
  notYoursToEdit: "Only its author or a moderator can edit this.",
  edited: "Your changes are saved.",
  editHeld: "Your changes are saved. Readers will see them once a moderator approves them; until then they see the approved text.",
  editWaiting: "Your last changes wait for a moderator.",
  editGone: "This edit is already dealt with.",
  answerWaiting: "Your answer waits for a moderator: only you can see it until it is published.",
  seeWaitingAnswers: "You have an answer here waiting for a moderator: see it",
  moderatorView: "As a moderator: see earlier versions and edit any post",
} as const;

/** The account page's list of a teacher's own questions and answers. */
export const myPostTexts = {
  heading: "Your questions and answers",
  none: "You have not asked or answered a question yet.",
  questions: "Your questions",
  answers: "Your answers",
  waiting: "Waits for a moderator: only you can see it until it is published.",
  rejected: "Not published: a moderator turned it down.",
  answerTo: "Your answer to",
  mailsOn: "We mail you when it gets new answers, at most once an hour.",
  mailsOff: "No mails about its answers.",
  stopMails: "Stop these mails",
  startMails: "Mail me about new answers",
  mailsStarted: (title: string) => `We will mail you about new answers to "${title}".`,
  mailsStopped: (title: string) => `No more mails about "${title}".`,
  newest: (shown: number, total: number) => `Your newest ${shown} of ${total}.`,
  seeWaiting: "See it in your account, marked as waiting.",
  notYours: "This question is not yours, or no longer exists.",
} as const;

/** What a reader may report a post for, one tap each; "other" asks for words. */
export const reportReasons = [
  { value: "spam", label: "Spam or advertising" },
  { value: "unkind", label: "Rude or unkind" },
  { value: "private", label: "Names a learner or shares private details" },
  { value: "unsafe", label: "Wrong or unsafe advice" },
  { value: "other", label: "Something else" },
] as const;

/** Whether `actor` may accept an answer to a question `askerId` asked: the asker, or a moderator. */
export const mayAccept = (actor: { id: string; role: Role }, askerId: string | null) => actor.id === askerId || can(actor.role, "moderateCommunity");

export interface AnswerActionData {
  ok: boolean;
  /** A vote or an acceptance, not a posted answer: its outcome shows by the answers. */
  step?: boolean;
  /** The question or answer a step was on: its outcome shows there, where the reader pressed. */
  postId?: string;
  message?: string;
  error?: string;
  values?: { body: string };
  /** A refused report: which post's form, the reason chosen and the words typed. */
  report?: { postId: string; choice?: string; reason: string };
  /** A refused edit: which post's form, and what was typed. */
  edit?: { postId: string; title?: string; body: string };
}

interface QuestionForMeta {
  id: string;
  slug: string;
  title: string;
  description: string;
  askedBy: string | null;
  publishedAt: Date | string | null;
  answers: number;
  votes: number;
}

interface AnswerForMeta {
  id: string;
  authorName: string | null;
  bodyHtml: string;
  votes: number;
  accepted: boolean;
  createdAt: Date | string;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : undefined);

/** An answer's text as readers see it (its sanitized HTML without tags): links dropped by the renderer stay dropped. */
export function answerText(bodyHtml: string): string {
  const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };
  return bodyHtml
    .replace(/<[^>]*>/g, " ")
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** A question page's schema.org QAPage: the question, its accepted answer and the others, with votes. */
export function qaPageJsonLd(question: QuestionForMeta, answers: readonly AnswerForMeta[], publicUrl: string) {
  const url = `${publicUrl}${questionPath(question)}`;
  const person = (name: string | null) => ({ "@type": "Person", name: name ?? "A teacher" });
  const answer = (item: AnswerForMeta) => ({
    "@type": "Answer",
    text: answerText(item.bodyHtml),
    upvoteCount: item.votes,
    datePublished: iso(item.createdAt),
    url: `${url}#answer-${item.id}`,
    author: person(item.authorName),
  });
  const accepted = answers.find((item) => item.accepted);
  return {
    "@context": "https://schema.org",
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: question.title,
      text: question.description,
      answerCount: question.answers,
      upvoteCount: question.votes,
      datePublished: iso(question.publishedAt),
      author: person(question.askedBy),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      ...(answers.some((item) => !item.accepted) ? { suggestedAnswer: answers.filter((item) => !item.accepted).map(answer) } : {}),
    },
  };
}

/** The Ask Kafundisha list's tabs: its questions and their order (the first, the default, goes without a parameter). */
export const questionListTabs = [
  { show: "recent", label: "Recent", empty: "No questions yet. Be the first to ask." },
  { show: "unanswered", label: "Unanswered", empty: "Every question has an answer. Thank you, teachers!" },
  { show: "popular", label: "Popular", empty: "No question has answers or votes yet." },
] as const;

export type QuestionListShow = (typeof questionListTabs)[number]["show"];

export interface QuestionListParams {
  q: string;
  category: string | null;
  show: QuestionListShow;
}

/** The Ask Kafundisha list's query: words, a category (a known one) and a tab, canonical. */
export function questionListParams(search: URLSearchParams): QuestionListParams {
  const q = (search.get("q") ?? "").trim().slice(0, 200);
  const category = search.get("category");
  const show = questionListTabs.find((tab) => tab.show === search.get("show"))?.show ?? "recent";
  return { q, category: category && questionCategories.some((known) => known.value === category) ? category : null, show };
}

/** The list's query for these parameters, defaults left out. */
function questionListSearch({ q, category, show }: QuestionListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (category) search.set("category", category);
  if (show !== "recent") search.set("show", show);
  return search;
}

/** The list's address for these parameters (page cursors left out: a new search starts at page 1). */
export function questionListHref(params: QuestionListParams) {
  const text = questionListSearch(params).toString();
  return `/ask-kafundisha${text ? `?${text}` : ""}#questions`;
}

/** What the list page reads of its query, canonical (the reader page cache keys on it). */
export function questionListQuery(search: URLSearchParams): string {
  const canonical = questionListSearch(questionListParams(search));
  for (const name of pageCursorParams) {
    const cursor = search.get(name);
    if (cursor) canonical.set(name, cursor);
  }
  const text = canonical.toString();
  return text ? `?${text}` : "";
}
