import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names; of two Tailwind classes for the same property the later wins (a caller's over a default). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
