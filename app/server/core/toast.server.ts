import { createCookie } from "react-router";
import { z } from "zod";
import type { Toast } from "#app/lib/toast";

const toastCookie = createCookie("educator_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]),
});

/** Set-Cookie value that shows `toast` on the next page the browser renders. */
export function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(JSON.stringify(toast));
}

/** Reads the pending toast, with the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (typeof raw !== "string") return { toast: null, clear: null };
  let parsed: ReturnType<typeof toastSchema.safeParse>;
  try {
    parsed = toastSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = toastSchema.safeParse(null);
  }
  return { toast: parsed.success ? parsed.data : null, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
