/** A download's body from text made a piece at a time (UTF-8): nothing is held whole in memory. */
export function textStream(pieces: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pieces[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** `attachment` with a plain ASCII file name (the names our exports make). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;
