import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { showToast, type Toast } from "./toast";

/** Shows the toast an action answered with (`{ toast }`), once per answer. */
export function useActionToast(data: { toast?: Toast | null } | undefined | null) {
  const pending = data?.toast;
  useEffect(() => {
    if (pending) showToast(pending);
  }, [pending]);
}

/** A submit handler that asks the browser's confirmation first (deletions). */
export function confirmSubmit(message: string) {
  return (event: { preventDefault(): void }) => {
    if (!window.confirm(message)) event.preventDefault();
  };
}

/** While `active` (mails going out, a pack being made), the screen's data is loaded again every `everyMs`. */
export function useReloadWhile(active: boolean, everyMs: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void revalidate(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidate]);
}
