// The site's icons as plain SVG. lucide-react builds every icon's elements again on each render
// (about a twentieth of a reader page's render); here each icon's inner markup is made once and
// the <svg> carries it as it is, with the same attributes lucide-react renders (a lucide-react
// icon of a shape we do not know renders as lucide-react's; icons.test.ts compares the two).
import * as lucide from "lucide-react";
import type { LucideIcon } from "lucide-react";

interface SiteIconProps {
  className?: string;
  "aria-hidden"?: boolean | "true" | "false";
}

export type SiteIcon = (props: SiteIconProps) => React.ReactElement;

type IconNode = [tag: string, attributes: Record<string, string>, children?: IconNode][];

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function markupOf(node: IconNode): string {
  return node
    .map(([tag, { key: _key, ...attributes }, children]) => {
      const attributeText = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`);
      return `<${tag}${attributeText.join("")}>${children ? markupOf(children) : ""}</${tag}>`;
    })
    .join("");
}

interface IconData {
  name?: string;
  aliases?: unknown[];
  node?: IconNode;
}

/** What lucide-react's icon renders: its classes and the markup inside its <svg>; null if its shape is not the one we know. */
function iconData(icon: LucideIcon): { classes: string; inner: string } | null {
  // A lucide-react icon is a forwardRef whose render hands its data to the shared Icon component.
  const data = (icon as unknown as { render?: (props: object, ref: null) => { props?: { icon?: IconData } } }).render?.({}, null)?.props?.icon;
  if (typeof data?.name !== "string" || !Array.isArray(data.node)) return null;
  const aliases = (data.aliases ?? []).filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "");
  return { classes: ["lucide", data.name, ...aliases].map((name, index) => (index === 0 ? name : `lucide-${name}`)).join(" "), inner: markupOf(data.node) };
}

function siteIcon(icon: LucideIcon): SiteIcon {
  const data = iconData(icon);
  if (!data) {
    const Lucide = icon;
    return (props) => <Lucide {...props} />;
  }
  const markup = { __html: data.inner };
  const baseClass = data.classes;
  return function Icon({ className, "aria-hidden": ariaHidden = true }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${baseClass} ${className}` : baseClass}
        aria-hidden={ariaHidden}
        dangerouslySetInnerHTML={markup}
      />
    );
  };
}

export const BookOpen = siteIcon(lucide.BookOpen);
export const BookmarkCheck = siteIcon(lucide.BookmarkCheck);
export const BookmarkPlus = siteIcon(lucide.BookmarkPlus);
export const Clock = siteIcon(lucide.Clock);
export const Download = siteIcon(lucide.Download);
export const Eye = siteIcon(lucide.Eye);
export const FileSpreadsheet = siteIcon(lucide.FileSpreadsheet);
export const FileText = siteIcon(lucide.FileText);
export const Globe2 = siteIcon(lucide.Globe2);
export const HeartHandshake = siteIcon(lucide.HeartHandshake);
export const HeartPulse = siteIcon(lucide.HeartPulse);
export const Laptop = siteIcon(lucide.Laptop);
export const LayoutGrid = siteIcon(lucide.LayoutGrid);
export const Lightbulb = siteIcon(lucide.Lightbulb);
export const Link2 = siteIcon(lucide.Link2);
export const List = siteIcon(lucide.List);
export const LogOut = siteIcon(lucide.LogOut);
export const Mail = siteIcon(lucide.Mail);
export const MapPin = siteIcon(lucide.MapPin);
export const Menu = siteIcon(lucide.Menu);
export const MessageCircle = siteIcon(lucide.MessageCircle);
export const MessageCircleQuestion = siteIcon(lucide.MessageCircleQuestion);
export const MessageSquare = siteIcon(lucide.MessageSquare);
export const Moon = siteIcon(lucide.Moon);
export const Newspaper = siteIcon(lucide.Newspaper);
export const Phone = siteIcon(lucide.Phone);
export const Presentation = siteIcon(lucide.Presentation);
export const Printer = siteIcon(lucide.Printer);
export const Repeat = siteIcon(lucide.Repeat);
export const Search = siteIcon(lucide.Search);
export const Share2 = siteIcon(lucide.Share2);
export const Sprout = siteIcon(lucide.Sprout);
export const Sun = siteIcon(lucide.Sun);
export const ThumbsUp = siteIcon(lucide.ThumbsUp);
export const Trophy = siteIcon(lucide.Trophy);
export const WifiOff = siteIcon(lucide.WifiOff);
export const X = siteIcon(lucide.X);
