import { useEffect, useRef, type ReactNode } from "react";

interface SheetProps {
  open: boolean;
  onClose(): void;
  label: string;
  children: ReactNode;
}

/**
 * A panel sliding over the page from the left, as a modal <dialog>: the browser keeps focus inside
 * it, Escape closes it, and focus goes back to what opened it. A click on the dimmed page closes it.
 */
export function Sheet({ open, onClose, label, children }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      aria-modal="true"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
      className="m-0 h-full max-h-none w-72 max-w-[85vw] bg-subtle p-0 text-inherit backdrop:bg-black/50"
    >
      {children}
    </dialog>
  );
}
