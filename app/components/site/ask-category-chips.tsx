import { questionCategories } from "#app/lib/inbox-schema";

/**
 * The question's categories as chips toggled on and off: checkboxes named `categories`, so the
 * form posts them like a multi-select, with JavaScript or without. Each box, invisible, covers its
 * chip; the chip shows whether it is checked and focused.
 */
export function AskCategoryChips({ initial, error, autoFocus = false }: { initial: string[]; error?: string; autoFocus?: boolean }) {
  return (
    <fieldset aria-describedby={error ? "field-categories-error" : undefined}>
      <legend className="text-sm font-medium">Categories</legend>
      <p className="text-sm text-muted-foreground">Choose one or more.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {questionCategories.map(({ value, label }, index) => (
          <label
            key={value}
            className="relative cursor-pointer rounded-full border border-input bg-card px-3 py-1.5 text-sm font-medium text-foreground transition-colors hover:border-accent has-checked:border-accent has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2"
          >
            <input
              type="checkbox"
              name="categories"
              value={value}
              defaultChecked={initial.includes(value)}
              autoFocus={autoFocus && index === 0}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full focus:outline-none"
            />
            {label}
          </label>
        ))}
      </div>
      {error && (
        <p id="field-categories-error" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
