import { useId } from "react";

interface SettingsSwitchProps {
  label: string;
  description: string;
  /** null until the browser's saved choice is known (before hydration). */
  checked: boolean | null;
  onChange(checked: boolean): void;
}

/** A labelled on/off switch (role="switch"), described by the line under its label. */
export function SettingsSwitch({ label, description, checked, onChange }: SettingsSwitchProps) {
  const id = useId();
  const on = checked === true;
  return (
    <div className="flex items-center justify-between gap-4 py-4">
      <div>
        <p id={`${id}-label`} className="font-medium">
          {label}
        </p>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        disabled={checked === null}
        onClick={() => onChange(!on)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? "bg-accent" : "bg-muted-foreground"}`}
      >
        <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5.5" : "translate-x-0.5"}`} />
      </button>
    </div>
  );
}
