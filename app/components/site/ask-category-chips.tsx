import { useState } from "react";
import { questionCategories } from "#app/lib/inbox-schema";

/**
 * Toggle buttons for the question's categories. Each pressed chip sends a hidden
 * `categories` value, so the form posts them like a multi-select.
 */
export function AskCategoryChips({ initial, error }: { initial: string[]; error?: string }) {
  const [selected, setSelected] = useState<string[]>(initial);
  const toggle = (value: string) => setSelected((current) => (current.includes(value) ? current.filter((item) => item !== value) : [...current, value]));
  return (
    <fieldset aria-describedby={error ? "field-categories-error" : undefined}>
      <legend className="text-sm font-medium">Categories</legend>
      <p className="text-sm text-muted-foreground">Choose one or more.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {questionCategories.map(({ value, label }) => {
          const pressed = selected.includes(value);
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              onClick={() => toggle(value)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${
                pressed ? "border-accent bg-accent text-accent-foreground" : "border-input bg-card text-foreground hover:border-accent"
              }`}
            >
              {label}
            </button>
          );
        })}
      </div>
      {selected.map((value) => (
        <input key={value} type="hidden" name="categories" value={value} />
      ))}
      {error && (
        <p id="field-categories-error" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
