import crypto from "node:crypto";

// Links that name a row and carry their own authority (unsubscribe links): the id and an HMAC of
// it, for one purpose, under the site's secret. Nothing is stored; a link for one purpose never
// works for another.

const mac = (secret: string, purpose: string, id: string) => crypto.createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url");

/** The token for `id` (a UUID) and `purpose`. */
export function signId(secret: string, purpose: string, id: string): string {
  return `${id}.${mac(secret, purpose, id)}`;
}

/** The id a token names for `purpose`, or null when the token is not one of ours. */
export function idOfSigned(secret: string, purpose: string, token: string): string | null {
  const [id, given] = token.split(".");
  if (!id || !given || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const expected = Buffer.from(mac(secret, purpose, id));
  const received = Buffer.from(given);
  return received.length === expected.length && crypto.timingSafeEqual(received, expected) ? id : null;
}
