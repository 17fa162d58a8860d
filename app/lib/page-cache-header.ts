import { internalHeaderPrefix } from "./internal-headers";

/** Set by the page renderer on a cacheable reader page: its cache tags, space-separated. Internal: the server removes it. */
export const cacheTagsHeader = `${internalHeaderPrefix}cache-tags`;
