import { containsNulByte } from "./form.server";

/** A JSON request body read with a size limit: the value, or the error answer to send. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(request: Request, options: { maxBytes: number; invalidMessage: string }): Promise<JsonBody> {
  const body = await request.text();
  if (Buffer.byteLength(body) > options.maxBytes) {
    return { ok: false, response: Response.json({ error: "The request is too large." }, { status: 413 }) };
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, response: Response.json({ error: options.invalidMessage }, { status: 400 }) };
  }
  // Text with a NUL byte ("\u0000") can be stored nowhere: refused like JSON that does not parse.
  if (containsNulByte(value)) return { ok: false, response: Response.json({ error: options.invalidMessage }, { status: 400 }) };
  return { ok: true, value };
}
