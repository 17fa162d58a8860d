import type { ButtonHTMLAttributes } from "react";

const variants = {
  primary: "bg-accent text-accent-foreground hover:opacity-90",
  outline: "border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800",
  ghost: "hover:bg-slate-100 dark:hover:bg-slate-800",
  destructive: "bg-red-700 text-white hover:bg-red-800",
} as const;

const sizes = { sm: "px-2.5 py-1.5 text-xs", md: "px-4 py-2 text-sm", icon: "p-2" } as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", size: keyof typeof sizes = "md", extra = "") {
  return `inline-flex items-center justify-center gap-2 rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${extra}`;
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof sizes }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
