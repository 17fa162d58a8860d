import type { ButtonHTMLAttributes } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "#app/lib/cn";

export const buttonVariants = cva("inline-flex items-center justify-center gap-2 rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-60", {
  variants: {
    variant: {
      // Darker on hover: fading it would take the text below AA contrast while the pointer rests on it.
      primary: "bg-accent text-accent-foreground hover:brightness-90",
      outline: "border border-input hover:bg-muted",
      ghost: "hover:bg-muted",
      destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
    },
    size: { sm: "px-2.5 py-1.5 text-xs", md: "px-4 py-2 text-sm", lg: "px-5 py-2.5 font-semibold", icon: "p-2" },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

type ButtonVariants = VariantProps<typeof buttonVariants>;
export type ButtonVariant = NonNullable<ButtonVariants["variant"]>;
type ButtonSize = NonNullable<ButtonVariants["size"]>;

/** A button's classes, for links and labels that look like one; `extra` wins over the defaults. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") {
  return cn(buttonVariants({ variant, size }), extra);
}

export function Button({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
