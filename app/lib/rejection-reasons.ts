// Why a moderator turned down an Ask Kafundisha question or answer: one of a short list, chosen on
// the moderation screen, kept with the post, shown to its writer on their account page and mailed to
// them. "Something else" needs the moderator's words; any other reason may add some.

export type RejectedKind = "question" | "answer";

export const rejectionReasons = [
  {
    value: "off-topic",
    label: "Not about teaching or learning",
    next: "Ask Kafundisha is for questions about teaching and learning. You are welcome to write again about your classroom.",
  },
  {
    value: "learner",
    label: "Names or shows a learner",
    next: "Please leave out learners' names, photos and anything else that shows who they are, then write it again.",
  },
  {
    value: "unkind",
    label: "Unkind or disrespectful",
    next: "Please write again in a kind and respectful way: every teacher here is learning too.",
  },
  {
    value: "spam",
    label: "Advertising or spam",
    next: "Ask Kafundisha is not a place for advertising. Questions and answers about teaching are always welcome.",
  },
  {
    value: "duplicate",
    label: "Repeats a question already asked",
    next: "Search Ask Kafundisha for the question already asked: you can follow its answers and add your own there.",
    only: "question",
  },
  {
    value: "other",
    label: "Something else",
    next: "You are welcome to write again with this in mind.",
  },
] as const satisfies readonly { value: string; label: string; next: string; only?: RejectedKind }[];

export type RejectionReason = (typeof rejectionReasons)[number]["value"];

/** The reasons a moderator may give for turning down a post of `kind`. */
export const rejectionReasonsFor = (kind: RejectedKind) => rejectionReasons.filter((reason) => !("only" in reason) || reason.only === kind);

/** Most characters of a moderator's own words. */
export const rejectionNoteMaxLength = 300;

export const rejectionTexts = {
  legend: "Why is it turned down?",
  note: "In your words",
  noteHint: "Needed for “Something else”; the writer reads them.",
  submit: "Reject and tell the writer",
  missing: "Please choose why it is turned down.",
  noteMissing: "Please say in your words why it is turned down.",
  noteTooLong: `Please keep your words to ${rejectionNoteMaxLength} characters.`,
  /** Before the reason, after "Not published: a moderator turned it down." on the writer's account page. */
  why: "Why:",
} as const;

/** A reason as it is kept with a post: the choice, and the moderator's words, if any. */
export interface Rejection {
  reason: RejectionReason;
  note: string | null;
}

/** Checks a moderator's choice and words for turning down a post of `kind`: the reason to keep, or why not. */
export function checkRejection(kind: RejectedKind, choice: unknown, words: unknown): { ok: true; rejection: Rejection } | { ok: false; error: string } {
  const note = typeof words === "string" ? words.trim() : "";
  const chosen = rejectionReasonsFor(kind).find((reason) => reason.value === choice);
  if (!chosen) return { ok: false, error: rejectionTexts.missing };
  if (chosen.value === "other" && !note) return { ok: false, error: rejectionTexts.noteMissing };
  if (note.length > rejectionNoteMaxLength) return { ok: false, error: rejectionTexts.noteTooLong };
  return { ok: true, rejection: { reason: chosen.value, note: note || null } };
}

const reasonOf = (value: string | null) => rejectionReasons.find((reason) => reason.value === value);

/**
 * The reason in words for the writer: the moderator's own for "Something else", else the reason's
 * label with any words added. Null for a post turned down before reasons were kept.
 */
export function rejectionWords(rejection: { reason: string | null; note: string | null }): string | null {
  const reason = reasonOf(rejection.reason);
  if (!reason) return rejection.note;
  if (reason.value === "other") return rejection.note ?? reason.label;
  return rejection.note ? `${reason.label}: ${rejection.note}` : reason.label;
}

/** What the writer can do next, for a reason. */
export const rejectionNextStep = (reason: string | null) => (reasonOf(reason) ?? reasonOf("other")!).next;
