import { useEffect } from "react";
import { toast } from "sonner";
import type { Toast } from "./toast";

/** Shows the toast an action answered with (`{ toast }`), once per answer. */
export function useActionToast(data: { toast?: Toast | null } | undefined | null) {
  const pending = data?.toast;
  useEffect(() => {
    if (!pending) return;
    const show = pending.type === "error" ? toast.error : pending.type === "success" ? toast.success : toast;
    show(pending.title, { description: pending.description });
  }, [pending]);
}

/** A submit handler that asks the browser's confirmation first (deletions). */
export function confirmSubmit(message: string) {
  return (event: { preventDefault(): void }) => {
    if (!window.confirm(message)) event.preventDefault();
  };
}
