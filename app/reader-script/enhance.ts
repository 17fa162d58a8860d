// The reader script: the behaviour of reader pages, which the server renders and React never
// hydrates (app/lib/reader-page.ts). Plain DOM code, kept small: every reader downloads it.
import { copyLink, linkCopied, shareLink, type ShareOutcome } from "#app/lib/share";
import { currentTheme, themeToggleLabel, toggleTheme } from "#app/lib/theme";
import { webAppManifestPath } from "#app/lib/offline";
import { hooked, hooks } from "#app/lib/reader-hooks";
import { dismissServerToasts, showToast } from "#app/lib/toast";
import { driveMobileMenu } from "#app/lib/mobile-menu";
import { enhanceCommentForm } from "./comment-form";
import { enhanceListNavigation } from "./list-navigation";
import { enhanceLiveRefresh } from "./live-refresh";
import { enhanceNewsletterForm } from "./newsletter-form";
import { countArrival, followHistory, onPageShown } from "./page-swap";
import { offerLessonChoice, rememberLessonChoice } from "./lesson-choice";
import { offerSimilarQuestions } from "./similar-questions";
import { enhanceSavedArticles, registerServiceWorker, savingData } from "./saved-articles";
import { afterLoad } from "./after-load";
import { checkViewer } from "./viewer";

function labelThemeToggles() {
  const label = themeToggleLabel(currentTheme());
  document.querySelectorAll(hooked(hooks.themeToggle)).forEach((button) => button.setAttribute("aria-label", label));
}

function tellShareOutcome(outcome: ShareOutcome) {
  if (outcome?.copied) showToast({ type: "success", title: linkCopied });
  else if (outcome) showToast({ type: "error", title: "Could not copy the link", description: outcome.url });
}

document.addEventListener("click", (event) => {
  const target = event.target as Element;
  const themeToggle = target.closest(hooked(hooks.themeToggle));
  if (themeToggle) {
    toggleTheme();
    labelThemeToggles();
    return;
  }
  const shareButton = target.closest(hooked(hooks.sharePath));
  if (shareButton)
    void shareLink(shareButton.getAttribute(hooks.shareTitle) ?? document.title, shareButton.getAttribute(hooks.sharePath)!).then(tellShareOutcome);
  if (target.closest(hooked(hooks.print))) return window.print();
  const imageOnRequest = target.closest<HTMLAnchorElement>(`a${hooked(hooks.saverImage)}`);
  if (imageOnRequest) {
    // Data saver: the image, in place of the link that said how big it is.
    event.preventDefault();
    return imageOnRequest.replaceWith(imageOnRequest.querySelector("template")!.content);
  }
  const copyButton = target.closest(hooked(hooks.copyLink));
  if (copyButton) void copyLink(new URL(copyButton.getAttribute(hooks.copyLink)!, location.origin).href).then(tellShareOutcome);
});

/** The manifest that lets a reader install the magazine: reader pages leave it out, as the browser fetches it and its icon at once. */
function linkWebAppManifest() {
  document.head.append(Object.assign(document.createElement("link"), { rel: "manifest", href: webAppManifestPath }));
}

const showPrintButtons = () => document.querySelectorAll(hooked(hooks.print)).forEach((button) => button.removeAttribute("hidden"));

// The page is painted first; then each piece of behaviour is set up in a task of its own, so that
// no task keeps a slow phone from answering a tap (a new browser compiles each piece as it first runs).
const setUpSteps = [
  countArrival, // first: the page's own view, before any view counted within it
  labelThemeToggles,
  driveMobileMenu,
  showPrintButtons,
  dismissServerToasts,
  checkViewer,
  enhanceListNavigation,
  enhanceCommentForm,
  enhanceNewsletterForm,
  followHistory,
  enhanceSavedArticles,
  offerLessonChoice,
  offerSimilarQuestions,
  () => {
    rememberLessonChoice();
    onPageShown(rememberLessonChoice);
  },
  // Network work the first paint need not wait for: once the page has loaded.
  // Installing the magazine fetches its icons: not under data saver.
  () => savingData() || afterLoad(linkWebAppManifest),
  () => afterLoad(registerServiceWorker),
  () => afterLoad(enhanceLiveRefresh),
  // Lets end-to-end tests wait until buttons have their behaviour, as on hydrated pages.
  () => document.documentElement.setAttribute(hooks.hydrated, "true"),
];

function setUpNext() {
  setUpSteps.shift()!();
  if (setUpSteps.length > 0) setTimeout(setUpNext);
}

requestAnimationFrame(() => setTimeout(setUpNext));
