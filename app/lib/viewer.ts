import type { Toast } from "./toast";
import type { QuestionViewerState } from "./question-viewer";

// Who is reading, as a reader page shows it. A reader page is one page for everyone (kept in the
// page cache, signed in or not): what differs for a signed-in reader is shown from a hint the
// browser holds, and what is theirs alone comes from one private request (/api/viewer).
//
// The hint (`viewerCookieName`) is set beside the session cookie and cleared with it. It is not a
// credential: readable by the page's head script, it only says which of the page's variants to
// show (the account menu or "Sign In", the comment form or "Sign in to join"); every action checks
// the session itself. A stale hint (a session ended elsewhere) is put right by /api/viewer.

export const viewerCookieName = "educator_viewer";

/** What the hint says: a signed-in reader, or staff (who also see the Admin Dashboard link). */
export type ViewerHint = "reader" | "staff";

/** The attribute the head script sets on <html> from the hint; the stylesheet shows each variant by it. */
export const viewerAttribute = "data-viewer";

/** Marks an element shown only to signed-in readers, only to readers not signed in, or only to staff (app.css). */
export const viewerOnly = { "data-viewer-only": "" } as const;
export const guestOnly = { "data-guest-only": "" } as const;
export const staffOnly = { "data-staff-only": "" } as const;
export type ViewerVariant = typeof viewerOnly | typeof guestOnly | typeof staffOnly;

/**
 * The query marker of a reader page asked for as the reader's own: rendered for them, with their
 * variant in the HTML. Without scripts the hint is never read, so a signed-in reader sees a guest's
 * page; its "Sign In" links lead to /auth, which sends them back to the page with this marker.
 */
export const viewerPageParam = "me";

/** `path` (a local path with its query and hash) asked for as the reader's own page (`siteUrl` only parses it). */
export function ownPage(path: string, siteUrl = "http://localhost"): string {
  const url = new URL(path, siteUrl);
  url.searchParams.delete(viewerPageParam);
  const rest = url.searchParams.toString();
  return `${url.pathname}?${rest ? `${rest}&` : ""}${viewerPageParam}${url.hash}`;
}

/** The private request of a reader page (the reader script asks it when the hint says signed in). */
export const viewerPath = "/api/viewer";

/** How a browser is told its session ended for a reason (a role change), once. */
export const signedOutToast = (text: string): Toast => ({ type: "info", title: "Signed out", description: text });

/**
 * What /api/viewer answers: who is signed in (null: nobody, and the hint is cleared), why a session
 * ended (once), and on a question page what of it is the reader's.
 */
export interface ViewerAnswer {
  viewer: { hint: ViewerHint; displayName: string | null } | null;
  signedOut: string | null;
  question: QuestionViewerState | null;
}
