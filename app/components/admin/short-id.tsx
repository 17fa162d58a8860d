import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { showToast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";

/** How many characters of an id a table shows: enough to tell rows apart at a glance. */
export const shortIdLength = 8;

/**
 * An id as a table shows it: its first 8 characters in monospace (the whole id in its title),
 * and a small button that copies the whole id, saying so. `copyLabel` is the button's name ("Copy
 * user ID of Mwila Banda"). A failed copy says so, unless `quietFailure` (the users screen is silent).
 */
export function ShortId({ id, copyLabel, quietFailure = false }: { id: string; copyLabel: string; quietFailure?: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    navigator.clipboard.writeText(id).then(
      () => {
        setCopied(true);
        showToast({ type: "success", title: "Copied", description: `Full ID ${id}` });
      },
      () => {
        if (!quietFailure) showToast({ type: "error", title: "Copy failed", description: "Select the ID and copy it instead." });
      },
    );
  const Icon = copied ? Check : Copy;
  return (
    <span className="inline-flex items-center gap-0.5 whitespace-nowrap">
      <code title={id} className="font-mono text-xs text-muted-foreground" data-full-id={id}>
        {id.slice(0, shortIdLength)}
      </code>
      <Button variant="ghost" size="icon" className="p-1" aria-label={copyLabel} title="Copy full ID" onClick={() => void copy()}>
        <Icon className="size-3.5" aria-hidden />
      </Button>
    </span>
  );
}
