import type { ReactNode } from "react";
import { buttonClass } from "#app/components/ui/button";

export type UnsubscribeState = "invalid" | "ask" | "done";

/**
 * An unsubscribe link's page: opening it only asks (mail scanners follow links), the button posts
 * the form that unsubscribes; then it says so, or that the link is not valid.
 */
export function UnsubscribeScreen({
  state,
  invalidText,
  doneText,
  askTitle,
  askText,
}: {
  state: UnsubscribeState;
  invalidText: string;
  doneText: string;
  askTitle: string;
  askText: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      {state === "invalid" && (
        <>
          <h1 className="text-2xl font-bold">This link is not valid</h1>
          <p className="mt-2">{invalidText}</p>
        </>
      )}
      {state === "done" && (
        <>
          <h1 className="text-2xl font-bold">Unsubscribed</h1>
          <p role="status" className="mt-2">
            {doneText}
          </p>
        </>
      )}
      {state === "ask" && (
        <>
          <h1 className="text-2xl font-bold">{askTitle}</h1>
          <p className="mt-2">{askText}</p>
          <form method="post" className="mt-6">
            <button type="submit" className={buttonClass("primary", "lg")}>
              Unsubscribe
            </button>
          </form>
        </>
      )}
    </div>
  );
}
