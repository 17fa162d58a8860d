import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import type { Toast } from "#app/lib/toast";
import { services } from "./services.server";

/** The toast cookie's name (a request carrying it is rendered for its reader only: server/request-view.ts). */
export const toastCookieName = "educator_toast";
const cookieOptions = { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 } as const;

// Signed with the session secret, like the session: a toast nobody set here is never shown.
let signed: { secret: string; cookie: Cookie } | undefined;
function toastCookie(): Cookie {
  const { sessionSecret } = services();
  if (signed?.secret !== sessionSecret)
    signed = { secret: sessionSecret, cookie: createCookie(toastCookieName, { ...cookieOptions, secrets: [sessionSecret] }) };
  return signed.cookie;
}
// Reads whether the cookie is there at all, signed or not (a forged one is cleared too).
const anyToastCookie = createCookie(toastCookieName, cookieOptions);

const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]),
});

/** Set-Cookie value that shows `toast` on the next page the browser renders. */
export function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(JSON.stringify(toast));
}

/** Reads the pending toast, with the header that clears it (also when it was not ours). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if ((await anyToastCookie.parse(header)) === null) return { toast: null, clear: null };
  const raw: unknown = await toastCookie().parse(header);
  let parsed: ReturnType<typeof toastSchema.safeParse> = toastSchema.safeParse(null);
  if (typeof raw === "string") {
    try {
      parsed = toastSchema.safeParse(JSON.parse(raw));
    } catch {
      // not JSON: no toast
    }
  }
  return { toast: parsed.success ? parsed.data : null, clear: await toastCookie().serialize("", { maxAge: 0 }) };
}
