/**
 * Where to send a reader back to: `target` when it is a path of this site, else "/". Resolved the
 * way a browser would (tabs and newlines dropped, "\" read as "/"), so "/\t/evil.example" or
 * "/\evil.example" — another host to a browser — never leaves the site; the answer is the
 * normalised path, safe in a Location header. A path that only resolves to "//host" ("/.//evil.example",
 * "/..//evil.example") is refused too: in a Location header that is another host.
 */
export function localPath(target: unknown, siteUrl: string): string {
  if (typeof target !== "string" || !target.startsWith("/")) return "/";
  try {
    const site = new URL(siteUrl);
    const resolved = new URL(target, site);
    if (resolved.origin !== site.origin || resolved.pathname.startsWith("//")) return "/";
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return "/";
  }
}
