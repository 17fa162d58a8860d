import type { InputHTMLAttributes, ReactNode } from "react";

// The look of /auth, shared by every account form (sign in, forgot and reset password, account page).
const inputClass = "mt-1 w-full rounded-md border border-input bg-card px-3 py-2 text-foreground";

export function AccountField({ id, label, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} name={id} className={inputClass} {...input} />
    </div>
  );
}

const tones = {
  accent: "bg-accent text-accent-foreground",
  danger: "bg-destructive text-destructive-foreground",
  plain: "border border-input bg-surface",
};

export function AccountSubmit({ busy, children, tone = "accent" }: { busy: boolean; children: ReactNode; tone?: keyof typeof tones }) {
  const colours = tones[tone];
  return (
    <button type="submit" disabled={busy} className={`w-full rounded-md py-2.5 font-semibold disabled:opacity-60 ${colours}`}>
      {busy ? "Please wait..." : children}
    </button>
  );
}

/** What the last submission answered: an error (alert) or a confirmation (status). */
export function AccountNotice({ error, done }: { error?: string | null; done?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  }
  if (done) {
    return (
      <p role="status" className="rounded-md border border-success-border bg-success-soft px-3 py-2 text-sm text-success-soft-foreground">
        {done}
      </p>
    );
  }
  return null;
}
