/** Why a body was not read: its Content-Length, or the bytes that actually came, passed the cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number, readonly receivedBytes: number | undefined) {
    super(receivedBytes === undefined ? `declares a body over ${maxBytes} bytes` : `sent more than ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a fetch response's body as UTF-8 text, at most `maxBytes` of it. A Content-Length over the
 * cap is refused before anything is read; without one (chunked), or with one that lies, the bytes
 * are counted as they arrive and the read is cancelled (the connection dropped) as soon as they
 * pass the cap, so no more than about `maxBytes` is ever held. Throws a BodyTooLargeError then.
 */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes, undefined);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes, received);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
