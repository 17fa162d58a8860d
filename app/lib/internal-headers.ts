/** Our own request and response headers start with this: set by the server, never by a client, never sent to one (server/request-view.ts). */
export const internalHeaderPrefix = "x-educator-";
/** The client's address as the server read it (behind `TRUST_PROXY` only), for rate limits. */
export const clientAddressHeader = `${internalHeaderPrefix}client-ip`;
/** The CSP nonce of a hydrated page's answer. */
export const cspNonceHeader = `${internalHeaderPrefix}csp-nonce`;
/** The session cookie's name (`__Host-` before it on https); the page cache must know it to tell a personal request. */
export const sessionCookieName = "educator_session";
