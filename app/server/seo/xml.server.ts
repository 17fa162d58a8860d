const xmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside XML elements and attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (char) => xmlEntities[char]!);
}

/** W3C datetime (the sitemap's `lastmod`), to the second in UTC. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** RFC 822 date, as RSS 2.0 expects (e.g. "Tue, 05 Mar 2024 10:00:00 GMT"). */
export function rfc822Date(date: Date): string {
  return date.toUTCString();
}
