import type { IncomingMessage } from "node:http";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { carriesPersonalCookie, outgoingHeaders, requestReader } from "./request-view";

const read = requestReader({ PUBLIC_URL: "https://magazine.example/", TRUST_PROXY: false });

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

  it("reads the data saver and a personal cookie once", () => {
    expect(read(request("/", { "save-data": "on" }))).toMatchObject({ dataSaver: true, personal: false });
    expect(read(request("/", { "save-data": "on", cookie: "educator_data_saver=off" }))).toMatchObject({ dataSaver: false, personal: false });
    expect(read(request("/", { cookie: "educator_session =x" }))).toMatchObject({ personal: true });
  });
});
