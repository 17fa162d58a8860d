import type { IncomingMessage } from "node:http";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { outgoingHeaders } from "#app/lib/internal-headers";
import type { ReaderPage } from "#app/lib/reader-page";
import { carriesPersonalCookie, requestReader } from "./request-view";

const aboutPage: ReaderPage<unknown> = { cacheTags: () => ["team"] };
const pagesAsked: string[] = [];
const reader = requestReader({ PUBLIC_URL: "https://magazine.example/", TRUST_PROXY: false }, (path) => {
  pagesAsked.push(path);
  return path === "/about" ? aboutPage : null;
});
const read = (req: IncomingMessage) => reader(req, 0);

function request(url: string, headers: Record<string, string> = {}, method = "GET") {
  const socket = { remoteAddress: "203.0.113.9" };
  return { url, method, headers: { ...headers }, socket, connection: socket } as unknown as IncomingMessage;
}

describe("the server's view of a request", () => {
  it("finds a session or toast cookie wherever React Router's cookie parser (which signs readers in) would", async () => {
    const headers = [
      "educator_session=abc",
      "educator_session =abc",
      "educator_session\t=abc",
      " theme=dark;educator_session=abc",
      "a=1;  educator_session  =  abc  ; b=2",
      "__Host-educator_session=abc",
      "educator_toast=abc",
      "educator_session=",
      "educator_session=a=b",
      "educator_sessions=abc",
      "xeducator_session=abc",
      "educator_session",
      "educator%5Fsession=abc",
      "educator_data_saver=on",
      "theme=dark; _ga=1",
      "",
    ];
    const cookies = ["educator_session", "__Host-educator_session", "educator_toast"].map((name) => createCookie(name));
    const readByParser: string[] = [];
    for (const header of headers) {
      const parsed = await Promise.all(cookies.map((cookie) => cookie.parse(header)));
      if (parsed.some((value) => value !== null)) readByParser.push(header);
    }
    expect(readByParser).toEqual(headers.slice(0, 9));
    // Everything the parser reads as the session or toast counts; the test may also err towards personal, never the other way.
    for (const header of readByParser) expect(carriesPersonalCookie(header), header).toBe(true);
    for (const header of ["educator_data_saver=on", "theme=dark; _ga=1", "educator%5Fsession=abc", ""])
      expect(carriesPersonalCookie(header), header).toBe(false);
    expect(carriesPersonalCookie(undefined)).toBe(false);
  });

  it("builds the address from PUBLIC_URL's origin, never from Host or a request's absolute form", () => {
    for (const host of ["magazine.example", "evil.example", "127.0.0.1:4317", "[::1]:4317", "under_score.example", ""]) {
      const view = read(request("/about?demo=7", { host }));
      expect(view?.url.href, host).toBe("https://magazine.example/about?demo=7");
    }
    expect(read(request("//evil.example/x"))?.url.href).toBe("https://magazine.example//evil.example/x");
    expect(read(request("/articles/../about"))?.url.pathname).toBe("/about");
    expect(read(request("http://evil.example/articles?q=1", { host: "evil.example" }))?.url.href).toBe("https://magazine.example/articles?q=1");
  });

  it("reads the path and query exactly as a URL does, with or without one", () => {
    const targets = [
      "/",
      "/articles",
      "/articles/4f0c8e0a-2b51-4c1b-9a0e-1d3f5e7a9b2c",
      "/articles?q=lunch&sort=oldest",
      "/?",
      "/?x=1",
      "/a/./b",
      "/a/../b",
      "/a/.",
      "/a/..",
      "/.hidden",
      "/a./b",
      "/a.../b",
      "/%2e%2e/about",
      "/%2E/about",
      "/a\\b",
      "/caf\u00e9",
      "/a b",
      "/a|b[c]^",
      "/q?it's",
      '/q?a="b"&c=<d>',
      "/q?x=%zz&y=%20",
      "/q??x",
      "/p;x=1/q:@",
      "//evil.example/x",
      "/x?y=1#top",
    ];
    for (const target of targets) {
      const view = read(request(target));
      const url = new URL(`https://magazine.example${target}`);
      expect([view?.path, view?.search], target).toEqual([url.pathname, url.search]);
      expect(view?.url.origin + view!.url.pathname + view!.url.search, target).toBe(url.origin + url.pathname + url.search);
    }
  });

  it("cannot read a malformed Host or target (answered 400)", () => {
    for (const host of ["[", "magazine.example/articles?q=This+site+has+moved&x=", "a b", "magazine.example:80:80", "<script>", "[zz::1]"]) {
      expect(read(request("/", { host })), host).toBeNull();
    }
    for (const target of ["*", "about", "javascript:alert(1)"]) expect(read(request(target)), target).toBeNull();
  });

  it("drops the client's x-educator-* headers, and never lets ours out", () => {
    const req = request("/", { "x-educator-client-ip": "10.0.0.1", "x-educator-csp-nonce": "chosen", accept: "text/html" });
    const view = read(req);
    expect(view?.clientAddress).toBe("203.0.113.9");
    expect(Object.keys(req.headers)).toEqual(["accept"]);
    const answer = new Headers({ "content-type": "text/html", "x-educator-cache-tags": "articles", "X-Educator-Other": "1" });
    expect(outgoingHeaders(answer)).toEqual([["content-type", "text/html"]]);
  });

  it("finds the reader page a path asks for once, when first asked", () => {
    pagesAsked.length = 0;
    const about = read(request("/about?x=1"))!;
    const contact = read(request("/contact"))!;
    expect(pagesAsked).toEqual([]);
    expect([about.readerPage, about.readerPage, contact.readerPage]).toEqual([aboutPage, aboutPage, null]);
    expect(pagesAsked).toEqual(["/about", "/contact"]);
  });

  it("reads the data saver and a personal cookie once", () => {
    expect(read(request("/", { "save-data": "on" }))).toMatchObject({ dataSaver: true, personal: false });
    expect(read(request("/", { "save-data": "on", cookie: "educator_data_saver=off" }))).toMatchObject({ dataSaver: false, personal: false });
    expect(read(request("/", { cookie: "educator_session =x" }))).toMatchObject({ personal: true, toastPending: false, asOwnPage: false });
  });

  it("tells a toast to show and a page asked for as the reader's own (?me) from a signed-in reader's plain request", () => {
    expect(read(request("/", { cookie: "educator_session=x; educator_toast=y" }))).toMatchObject({ personal: true, toastPending: true });
    expect(read(request("/about?me", { cookie: "educator_session=x" }))).toMatchObject({ personal: true, asOwnPage: true });
    expect(read(request("/about?x=1&me=", { cookie: "educator_session=x" }))).toMatchObject({ asOwnPage: true });
    expect(read(request("/about?meme=1", { cookie: "educator_session=x" }))).toMatchObject({ asOwnPage: false });
    // The viewer hint is no credential: alone, it leaves a request anonymous.
    expect(read(request("/", { cookie: "educator_viewer=staff" }))).toMatchObject({ personal: false, toastPending: false });
  });
});
