import { useRef, type KeyboardEvent } from "react";
import { cn } from "#app/lib/cn";

interface TabsProps<Value extends string> {
  label: string;
  tabs: readonly { value: Value; label: string }[];
  value: Value;
  onChange(value: Value): void;
  /** The id of the panel the tabs control. */
  panelId: string;
  idPrefix: string;
  className?: string;
}

const keyMoves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Tabs as the WAI-ARIA pattern has them: one tab stop (the selected tab); arrow keys, Home and
 * End move to another tab and select it.
 */
export function Tabs<Value extends string>({ label, tabs, value, onChange, panelId, idPrefix, className = "" }: TabsProps<Value>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(index, tabs.length);
    onChange(tabs[next]!.value);
    buttons.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className={cn("grid grid-cols-2 rounded-lg bg-muted p-1", className)}>
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${tab.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn("rounded-md py-2 text-sm font-semibold", selected && "bg-background shadow")}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
