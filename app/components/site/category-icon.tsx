import { BookOpen, HeartPulse, Laptop, Lightbulb, MessageCircleQuestion, Newspaper, Repeat, Trophy, type SiteIcon } from "./icons";
import { createElement } from "react";

// Only the icons categories use are bundled; any other stored name shows the book.
const icons: Record<string, SiteIcon> = { Newspaper, HeartPulse, Trophy, Laptop, Lightbulb, MessageCircleQuestion, Repeat };

/** The lucide-react icon a category row names (decorative), or a book when it names none or one we do not ship. */
export function CategoryIcon({ name, className }: { name: string | null; className?: string }) {
  return createElement(icons[name ?? ""] ?? BookOpen, { className, "aria-hidden": true });
}
