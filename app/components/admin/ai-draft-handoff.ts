import { useMemo, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";

/** What the AI writer hands to the new-article form. */
export interface AiDraft {
  title: string;
  excerpt: string;
  content: string;
  categoryId: string;
}

const storageKey = "educator:ai-writer-draft";
/** The new-article form reads the draft only when opened with this query (`?draft=ai-writer`). */
export const aiDraftQuery = "draft=ai-writer";

export function storeAiDraft(draft: AiDraft) {
  sessionStorage.setItem(storageKey, JSON.stringify(draft));
}

function parseAiDraft(raw: string | null): AiDraft | null {
  try {
    const value = JSON.parse(raw ?? "null") as Partial<AiDraft> | null;
    if (!value || typeof value !== "object") return null;
    const text = (field: unknown) => (typeof field === "string" ? field : "");
    return { title: text(value.title), excerpt: text(value.excerpt), content: text(value.content), categoryId: text(value.categoryId) };
  } catch {
    return null;
  }
}

const noSubscription = () => () => undefined;

/**
 * For the new-article form: the AI writer's draft when the page was opened with
 * `?draft=ai-writer`, else null. Null during server rendering; the draft appears once the
 * page runs in the browser (give the form `key={draft ? "ai-draft" : "blank"}` so it refills).
 */
export function useAiDraft(): AiDraft | null {
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get("draft") === "ai-writer";
  const raw = useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(storageKey),
    () => null,
  );
  return useMemo(() => (wanted ? parseAiDraft(raw) : null), [wanted, raw]);
}
