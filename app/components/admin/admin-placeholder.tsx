/** A screen the admin-panel issue (#4) or a later one builds; it says so plainly. */
export function AdminPlaceholder({ title, issue }: { title: string; issue: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">This screen is scheduled in the {issue} work and is not available in this version yet.</p>
    </div>
  );
}
