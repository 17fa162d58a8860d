// A question page's parts that depend on its reader, one rule for the page rendered for her and for
// the reader script on the page kept for everyone (app/reader-script/question-viewer.ts). No imports:
// the reader script carries it.

/**
 * What a question page shows one signed-in reader beyond the page kept for everyone (it comes from
 * /api/viewer): which posts are hers, which she voted for, and what she may do.
 */
export interface QuestionViewerState {
  question: string;
  /** She asked the question. */
  asked: boolean;
  /** Her published answers, and the question and answers she voted for. */
  own: string[];
  voted: string[];
  mayAccept: boolean;
  /** Posts she may edit now (hers for 30 minutes; every one for a moderator). */
  editable: string[];
  /** She sees earlier versions of edited posts: a moderator. */
  moderator: boolean;
  /** Her posts whose last edit waits for a moderator, and how many of her answers wait. */
  held: string[];
  waiting: number;
}

/** A part of a question page that depends on its reader: a step on a post, or a word to her. */
export type ReaderPart = "vote" | "report" | "accept" | "edit" | "held" | "asked" | "not-asked" | "waiting" | "moderator";

/** Shown on the page kept for everyone before the reader's state is known: what most readers see. */
export const shownBeforeKnown = (part: ReaderPart) => part === "vote" || part === "report" || part === "not-asked";

/** Whether the reader with `state` sees `part` on `postId` (the page rendered for her, and the reader script, ask the same). */
export function readerSees(state: QuestionViewerState, part: ReaderPart, postId: string): boolean {
  const hers = postId === state.question ? state.asked : state.own.includes(postId);
  switch (part) {
    case "vote":
    case "report":
      return !hers;
    case "accept":
      return state.mayAccept;
    case "edit":
      return state.editable.includes(postId);
    case "held":
      return state.held.includes(postId);
    case "asked":
      return state.asked;
    case "not-asked":
      return !state.asked;
    case "waiting":
      return state.waiting > 0;
    case "moderator":
      return state.moderator;
  }
}

/** A vote's button once the reader has voted, and the step that takes it back ("vote" → "unvote", "vote-question" → "unvote-question"). */
export const takeBackVote = { label: "Take back vote", intent: (intent: string) => `un${intent}` } as const;
