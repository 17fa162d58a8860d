import crypto from "node:crypto";

/** Tokens (sessions, links) are stored as their SHA-256: a leaked table cannot be replayed. */
export const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** A random token for a cookie or a link. */
export const newToken = () => crypto.randomBytes(32).toString("base64url");
