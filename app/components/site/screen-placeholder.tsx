/** Marks a screen whose full version is built by a later issue; it says so plainly to the reader. */
export function ScreenPlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${title} | The Educator`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-4 space-y-4 text-slate-700 dark:text-slate-300">{children}</div>
    </div>
  );
}
