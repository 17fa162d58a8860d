// The read-only Content API's fixed facts, shared by its routes, the admin's key screen and the tests.

/** Where the API lives; every endpoint is under it. */
export const contentApiBasePath = "/api/content/v1";

/** The OpenAPI 3.1 document describing it (public: no key needed). */
export const contentApiDocumentPath = `${contentApiBasePath}/openapi.json`;

/** Items per page: `limit` defaults to this, and can be at most `maxPageSize`. */
export const contentApiPageSize = 15;
export const contentApiMaxPageSize = 100;

/** Requests per key per minute (times RATE_LIMIT_SCALE), then 429 with Retry-After. */
export const contentApiRequestsPerMinute = 600;

/** Longest name an admin can give a key. */
export const apiKeyNameMaxLength = 80;

/** What keys start with, so a leaked one is recognisable in a scan ("edu_…"). */
export const apiKeyMarker = "edu_";

/** Whether a path (no query) is one of the Content API's: answered with CORS, its preflight allowed. */
export const isContentApiPath = (path: string) => path.startsWith(`${contentApiBasePath}/`);

export const apiKeyTexts = {
  shownOnce: "Copy it now: it is not shown again.",
  revokeConfirm: (name: string) => `Revoke the key “${name}”? Anything using it stops working at once. This cannot be undone.`,
  nameRequired: "Give the key a name (who or what uses it).",
  nameTooLong: `A key's name can be at most ${apiKeyNameMaxLength} characters.`,
  missingKey: "A Content API key is required: send it as `Authorization: Bearer <key>` or as `?key=<key>`.",
  invalidKey: "This Content API key is not valid: it is unknown or has been revoked.",
} as const;
