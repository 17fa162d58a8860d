import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { useBlocker } from "react-router";
import { articleFieldNames, articleFieldValue, type ArticleFormValues } from "#app/lib/article-form-values";
import { plural } from "#app/lib/plural";

/** "blank": a new article's form with nothing typed (or all of it taken back): there is nothing to save, and nothing is said. */
export type AutosaveState =
  { kind: "blank" } | { kind: "clean" } | { kind: "unsaved" } | { kind: "saving" } | { kind: "saved"; at: number } | { kind: "offline" };

export interface KeptDraft {
  values: ArticleFormValues;
  savedAt: string;
}

const autosaveDelayMs = 3000;
export const localDraftKey = (articleKey: string) => `article-autosave:${articleKey}`;

export function formValues(form: HTMLFormElement): ArticleFormValues {
  const data = new FormData(form);
  return Object.fromEntries(articleFieldNames.map((field) => [field, articleFieldValue(data, field)])) as ArticleFormValues;
}

export const sameValues = (a: ArticleFormValues, b: ArticleFormValues) => articleFieldNames.every((field) => a[field] === b[field]);

function readLocalText(articleKey: string): string | null {
  try {
    return localStorage.getItem(localDraftKey(articleKey));
  } catch {
    return null;
  }
}

function parseDraft(text: string | null): KeptDraft | null {
  try {
    return JSON.parse(text ?? "null") as KeptDraft | null;
  } catch {
    return null;
  }
}

export const readLocalDraft = (articleKey: string) => parseDraft(readLocalText(articleKey));

const noSubscription = () => () => {};

/** This device's kept copy; undefined until it is known (on the server, and while hydrating). */
export function useLocalDraft(articleKey: string): KeptDraft | null | undefined {
  const text = useSyncExternalStore<string | null | undefined>(
    noSubscription,
    () => readLocalText(articleKey),
    () => undefined,
  );
  return useMemo(() => (text === undefined ? undefined : parseDraft(text)), [text]);
}

function keepLocally(articleKey: string, values: ArticleFormValues) {
  try {
    localStorage.setItem(localDraftKey(articleKey), JSON.stringify({ values, savedAt: new Date().toISOString() } satisfies KeptDraft));
  } catch {
    // storage full or unavailable: the server copy is all there is
  }
}

export function forgetLocalDraft(articleKey: string) {
  try {
    localStorage.removeItem(localDraftKey(articleKey));
  } catch {
    // nothing kept
  }
}

export async function discardKeptDraft(articleKey: string) {
  forgetLocalDraft(articleKey);
  await fetch("/admin/articles/autosave", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ articleKey, discard: true }),
  }).catch(() => {});
}

/**
 * Never lose a word: what the editor types is sent to the server a few seconds after they stop
 * (kept on this device when that fails, and sent again once online), leaving the page with
 * unsaved changes asks first, and Ctrl/Cmd+S saves the article.
 */
export function useArticleAutosave(formRef: RefObject<HTMLFormElement | null>, articleKey: string, saved: ArticleFormValues, startsChanged: boolean) {
  // A new article's form, as it opened, is no saved article: "All changes saved" would claim what never happened.
  const unchanged: AutosaveState = articleKey === "new" ? { kind: "blank" } : { kind: "clean" };
  const [state, setState] = useState<AutosaveState>(startsChanged ? { kind: "unsaved" } : unchanged);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const submitting = useRef(false);
  const changed = () => formRef.current !== null && !sameValues(formValues(formRef.current), saved);

  async function send() {
    const form = formRef.current;
    if (!form || submitting.current) return;
    const values = formValues(form);
    if (sameValues(values, saved)) {
      setState(unchanged);
      return void discardKeptDraft(articleKey);
    }
    setState({ kind: "saving" });
    try {
      const response = await fetch("/admin/articles/autosave", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ articleKey, values }),
      });
      if (!response.ok) throw new Error(`autosave answered ${response.status}`);
      forgetLocalDraft(articleKey);
      setState({ kind: "saved", at: Date.now() });
    } catch {
      keepLocally(articleKey, values);
      setState({ kind: "offline" });
    }
  }
  // Timers and listeners call the render's latest `send`.
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  const sendLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void latestSend.current(), autosaveDelayMs);
  };
  const noteChange = () => {
    setState({ kind: "unsaved" });
    sendLater();
  };
  const noteSubmit = () => {
    submitting.current = true;
    clearTimeout(timer.current);
  };

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onOnline = () => {
      if (readLocalDraft(articleKey)) void latestSend.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "s" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    };
    addEventListener("online", onOnline);
    addEventListener("keydown", onKey);
    if (startsChanged) timer.current = setTimeout(() => void latestSend.current(), autosaveDelayMs);
    return () => {
      removeEventListener("online", onOnline);
      removeEventListener("keydown", onKey);
      clearTimeout(timer.current);
    };
  }, [formRef, articleKey, startsChanged]);

  // Leaving with changes the article has not been saved with: the browser asks (closing the tab)…
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!submitting.current && changed()) event.preventDefault();
    };
    addEventListener("beforeunload", onBeforeUnload);
    return () => removeEventListener("beforeunload", onBeforeUnload);
  });
  // …and so does the app (a link elsewhere).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !submitting.current && currentLocation.pathname !== nextLocation.pathname && changed());
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have unsaved changes. Leave this page anyway?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  // The form passes its React change and submit events (a native listener would re-render
  // controlled fields before React reads what was typed).
  return { state, noteChange, noteSubmit };
}

/** "Saved a few seconds ago", kept current while the page is open. */
export function useAutosaveLabel(state: AutosaveState): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.kind !== "saved") return;
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, [state]);
  switch (state.kind) {
    case "blank":
      return "";
    case "clean":
      return "All changes saved";
    case "unsaved":
      return "Unsaved changes";
    case "saving":
      return "Saving...";
    case "offline":
      return "Offline — changes kept on this device";
    case "saved": {
      const minutes = Math.floor((Math.max(now, state.at) - state.at) / 60_000);
      return minutes < 1
        ? "Saved a few seconds ago"
        : minutes === 1
          ? "Saved a minute ago"
          : `Saved ${plural(minutes, { one: "minute", other: "minutes" })} ago`;
    }
  }
}
