/**
 * Headers named with this prefix are the server's own: a client's are dropped as a request arrives
 * (server/request-view.ts), and none leaves the server (`outgoingHeaders`). Per-request values
 * travel in React Router's load context instead (app/server/core/request-context.server.ts).
 */
export const internalHeaderPrefix = "x-educator-";
/** The session cookie's name (`__Host-` before it on https); the page cache must know it to tell a personal request. */
export const sessionCookieName = "educator_session";

/** The headers of an answer that may leave the server: none of our internal ones. */
export function outgoingHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => !name.startsWith(internalHeaderPrefix));
}
