import type { IncomingMessage, ServerResponse } from "node:http";
import { uploadFailures } from "#app/lib/image-upload-messages";
import { bodyLimits } from "#app/lib/request-limits";

const uploadPath = "/admin/uploads";
const tooLarge = "The request is too large.";

/** The endpoint's path without the query or React Router's `.data` suffix. */
function routePath(url: string) {
  return url.split("?", 1)[0]!.replace(/\.data$/, "");
}

const articleEditPath = /^\/admin\/articles\/[0-9a-f-]{36}$/i;

function limitFor(path: string, contentType: string | undefined): number {
  if (path === uploadPath) return bodyLimits.upload;
  const multipart = /^multipart\/form-data/i.test(contentType ?? "");
  // The edit screen's only multipart form attaches a resource file.
  if (articleEditPath.test(path) && multipart) return bodyLimits.resourceUpload;
  if (path === "/admin/articles" || path.startsWith("/admin/articles/")) return bodyLimits.articleForm;
  // The Import screen's and the Newsletter screen's file forms; their other forms are small.
  if (path === "/admin/import" && multipart) return bodyLimits.importUpload;
  if (path === "/admin/newsletter" && multipart) return bodyLimits.subscriberCsvUpload;
  if (path === "/api/ai/generate") return bodyLimits.aiGenerate;
  if (path === "/functions/v1/zambia-news-scanner") return bodyLimits.newsScanner;
  return bodyLimits.form;
}

function refuse(res: ServerResponse, path: string, status: 411 | 413) {
  const message = status === 413 ? tooLarge : "Send the request with a Content-Length.";
  const json =
    path === uploadPath
      ? { error: status === 413 ? uploadFailures.tooLarge : uploadFailures.failed }
      : path.startsWith("/api/") || path.startsWith("/functions/")
        ? { error: message }
        : null;
  // Connection: close: the body that was not read goes with the connection, never into memory.
  res.writeHead(status, { "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8", Connection: "close" });
  res.end(json ? JSON.stringify(json) : message);
}

/**
 * Answers a request whose body is over its endpoint's limit with 413, before anything reads it
 * (the web framework would buffer a whole form in memory first). A body without a length is
 * refused too (411), except for uploads, whose route counts the bytes as they arrive.
 * Returns true when the request was answered.
 */
export function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): boolean {
  const declared = req.headers["content-length"];
  if (declared === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return false;
    const path = routePath(req.url ?? "/");
    if (path === uploadPath) return false;
    refuse(res, path, 411);
    return true;
  }
  const path = routePath(req.url ?? "/");
  if (Number(declared) <= limitFor(path, req.headers["content-type"])) return false;
  refuse(res, path, 413);
  return true;
}
