import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import type { Config } from "#app/server/core/config.server";
import { themeScript } from "#app/lib/theme-script";
import { readerScriptLoader } from "#app/lib/reader-script-loader";

const hashSource = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;
/** The inline scripts pages carry (the theme on every page, the reader script's loader on reader pages), allowed by their hashes: pages that carry no nonce can be cached and shared. */
const inlineScriptSources = [hashSource(themeScript), hashSource(readerScriptLoader)];

/** Powerful features a magazine never uses, off for every page and anything it embeds. */
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

type NonceSource = (req: IncomingMessage, res: ServerResponse) => string;

/**
 * Security headers (CSP, HSTS, referrer policy…). The CSP allows our scripts and the inline scripts above,
 * plus, given `nonce`, the per-response nonce of hydrated pages; "off" for Vite's dev server,
 * whose client injects scripts of its own.
 */
export function securityHeaders(config: Config, nonce?: NonceSource | "off") {
  const https = config.PUBLIC_URL.startsWith("https://");
  const helmetHeaders = helmet({
    contentSecurityPolicy:
      nonce === "off"
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", ...inlineScriptSources, ...(nonce ? [nonce] : [])],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:", "https:", ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [])],
              connectSrc: ["'self'"],
              fontSrc: ["'self'", "data:"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: https ? [] : null,
            },
          },
    strictTransportSecurity: https,
    // Outside sites still learn nothing but our origin; our own analytics can see where readers came from.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    res.setHeader("Permissions-Policy", permissionsPolicy);
    helmetHeaders(req, res, (error?: unknown) => {
      // A downloaded resource (app/routes/site/download.ts) brings its own, stricter sandboxing policy.
      if (req.url?.startsWith("/downloads/")) {
        res.removeHeader("Content-Security-Policy");
        res.removeHeader("X-Content-Type-Options");
      }
      next(error);
    });
  };
}

/**
 * The same headers, worked out once, for pages that carry no nonce: reader pages answered before
 * Express, one page for every reader, holding nothing of anyone's. They go without a cross-origin
 * opener policy: with one, Chromium gives each arrival from another page a new process (on Android
 * it turns site isolation on), which cost a phone 150–400 ms of blocked main thread in Lighthouse.
 * Pages rendered for one reader (signed in, staff) keep it.
 */
export function fixedSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  securityHeaders(config)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  delete headers["cross-origin-opener-policy"];
  return headers;
}
