import type { Toast } from "#app/lib/toast";
import { hook, hooks } from "#app/lib/reader-hooks";

/** A toast: its title, a description perhaps, and a close button (its × drawn by CSS, so the toast's text is its message). */
function ToastView({ toast, ...props }: { toast?: Toast }) {
  return (
    <div className="toast" hidden={!toast} {...props}>
      <p>{toast?.title}</p>
      {(!toast || toast.description) && <p>{toast?.description}</p>}
      <button type="button" aria-label="Close toast" />
    </div>
  );
}

/**
 * Where every page shows its toasts, a live region that announces each: app/lib/toast.ts shows a
 * copy of the hidden model. A reader page, never hydrated, gets the server's toast (after a
 * redirect) rendered here.
 */
export function Toasts({ toast }: { toast?: Toast | null }) {
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      {...hook(hooks.toasts)}
      className="fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      <ToastView {...hook(hooks.toastModel)} />
      {toast && <ToastView toast={toast} {...hook(hooks.toast, toast.type)} />}
    </section>
  );
}
