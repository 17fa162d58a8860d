import { maxImageBytes } from "./image-upload-messages";
import { maxImportFileBytes, maxSubscriberCsvBytes } from "./import-limits";
import { maxResourceBytes } from "./resource-files";

/**
 * The largest request body each kind of endpoint accepts. The web server refuses a larger one
 * (413) before any route reads it; the routes keep their own checks for bodies sent in chunks.
 */
export const bodyLimits = {
  /** Every form of the site: sign-in, contact, a comment, an admin screen. */
  form: 64 * 1024,
  /** The article editor's forms: up to 200,000 characters of Markdown, percent-encoded. */
  articleForm: 2 * 1024 * 1024,
  /** An image upload: the image and room for the multipart envelope around it. */
  upload: maxImageBytes + 64 * 1024,
  /**
   * A resource attached on the article edit screen (a multipart form): room past the 25 MB a file
   * may have, so a slightly larger file is refused by the screen, which keeps what was typed.
   */
  resourceUpload: maxResourceBytes + 8 * 1024 * 1024,
  /** An export file on the Import screen (multipart), with room so a slightly larger file gets the screen's own refusal. */
  importUpload: maxImportFileBytes + 8 * 1024 * 1024,
  /** A subscribers CSV on the Newsletter screen (multipart). */
  subscriberCsvUpload: maxSubscriberCsvBytes + 1024 * 1024,
  aiGenerate: 32 * 1024,
  newsScanner: 4 * 1024,
  pageViewBeacon: 8 * 1024,
} as const;
