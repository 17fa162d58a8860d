import { z } from "zod";

export const commentMaxLength = 2000;

/** Shared by the comment form and the server: text required after trimming, at most 2,000 characters. */
export const commentSchema = z.object({
  content: z.string({ message: "Please write your comment." }).trim().min(1, { message: "Please write your comment." }).max(commentMaxLength, {
    message: "Your comment is too long: at most 2,000 characters.",
  }),
});

export type CommentInput = z.infer<typeof commentSchema>;

export const commentAwaitingModeration = "Thank you! Your comment is awaiting moderation.";

/** What the comment action answers: a confirmation, or the errors with the text kept. */
export type CommentActionData =
  | { ok: true; message: string }
  | {
      ok: false;
      values: { content: string };
      errors: { content?: string[] };
      formError?: string;
    };
