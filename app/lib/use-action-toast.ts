import { useEffect } from "react";
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
