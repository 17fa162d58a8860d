import type { ReactNode } from "react";

/** A titled part of an admin screen: a section named by its own heading. */
export function AdminSection({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
