// The reader hooks, each named once (./reader-hooks.ts says how they are used): import them from
// there, as `hooks`.

// Every page
/** <html>, "true" once buttons have their behaviour: end-to-end tests wait for it. */
export const hydrated = "data-hydrated";
/** <body>: the tables whose changes reload the page in place, space-separated. */
export const live = "data-live";
export const themeToggle = "data-theme-toggle";
/** The data saver switch, when data saver is on for this page: the reader script then fetches nothing the page did not ask for. */
export const dataSaverOn = "data-data-saver-on";
/** The mobile menu and its button (app/lib/mobile-menu.ts). */
export const menu = "data-menu";
export const menuToggle = "data-menu-toggle";

// Toasts (app/lib/toast.ts): the region, the hidden model every toast is a copy of, and each toast
// shown, its value the toast's type.
export const toasts = "data-toasts";
export const toastModel = "data-toast-model";
export const toast = "data-toast";

// An article page
/** Share: the article's title and path. */
export const shareTitle = "data-share-title";
export const sharePath = "data-share-path";
/** Copy link: the path to copy. */
export const copyLink = "data-copy-link";
export const print = "data-print";
/** Save for offline: the article's title. */
export const saveOffline = "data-save-offline";
export const saveLabel = "data-save-label";
/** The view count, brought up to date from the beacon's answer. */
export const viewCount = "data-view-count";
export const commentForm = "data-comment-form";
/** Data saver: the link standing for an image (app/server/reader-pages/data-saver.server.ts writes it). */
export const saverImage = "data-saver-image";
export const newsletterForm = "data-newsletter-form";
/** A resource's download link: the file's size in bytes, which "Save for offline" offers it with. */
export const resourceBytes = "data-bytes";

// /saved: the list, its items, the template of an item and of a resource saved with it, what it
// says when empty, and the space used on the device with the limit's choice.
export const savedList = "data-saved-list";
export const savedItems = "data-saved-items";
export const savedItem = "data-saved-item";
export const savedResource = "data-saved-resource";
export const savedEmpty = "data-saved-empty";
export const savedUsage = "data-saved-usage";

// Lists updated in place: the search form, its search box, selects that submit, the count line
// and the results.
export const listForm = "data-list-form";
export const listSearch = "data-list-search";
export const submitOnChange = "data-submit-on-change";
export const listStatus = "data-list-status";
export const listResults = "data-list-results";

// Lesson Resources: the grade and language a teacher last chose on /resources, offered again on
// the home page (app/reader-script/lesson-choice.ts).
export const lessonChoice = "data-lesson-choice";

// Ask Kafundisha: where questions like the title being typed are offered; its value, the title field's id.
export const similarQuestions = "data-similar-questions";

// A question page kept for everyone (app/reader-script/question-viewer.ts): the question's id, whose
// reader-only parts come from /api/viewer; each such part, its kind (vote, report, accept, edit,
// held, asked, not-asked, waiting, moderator) and the post it is on.
export const questionViewer = "data-question-viewer";
export const postStep = "data-post-step";
export const postId = "data-post-id";
