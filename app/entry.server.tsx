import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./lib/nonce";
import { requestValues } from "./server/core/request-context.server";
import { services } from "./server/core/services.server";
import { pageRequest } from "./server/reader-pages/page-request.server";
import { renderReaderPage } from "./server/reader-pages/render.server";

export const streamTimeout = 5_000;

// Pages and data rendered here for a request are personal (signed in) or carry forms and
// toasts: no shared cache may keep them. Reader pages for anonymous readers are answered
// with their own caching headers before they get here (app/server/reader-pages/).
const personalCacheControl = "private, no-store";

export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", personalCacheControl);
  return response;
}

/**
 * A document: a reader page as one string (the server decided which page the request is, and
 * whether the data saver is on, and passed that in the load context), a hydrated page streamed.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", personalCacheControl);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const page = pageRequest(loadContext);
  if (page.readerPage) return renderReaderPage(request, responseStatusCode, responseHeaders, routerContext, page);
  const nonce = requestValues(loadContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) services().log.error({ err: error, path: new URL(request.url).pathname }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A loader's, action's or render's error goes to the server's log, whose serializer leaves out a
 * failed query's parameters and people's data (React Router's default prints the whole error to
 * the console). A request the browser gave up on is no error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  services().log.error({ err: error, path: new URL(request.url).pathname }, "request failed");
};
