import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SerialisedJson } from './contractRoutes.js';

/** The weak ETag @fastify/etag would give the same body. */
const weakEtagOf = (json: string): string => `W/"${createHash('sha1').update(json).digest('base64')}"`;

/**
 * A serialised JSON answer to keep and send many times (contractRoutes.ts sends it as it is): its
 * weak ETag now, each compressed copy the first time a request accepts it.
 */
export function keptJson(json: string): SerialisedJson {
  const encoded: Partial<Record<'br' | 'gzip' | 'identity', Buffer>> = {};
  const compress = (encoding: 'br' | 'gzip' | 'identity'): Buffer => {
    if (encoding === 'identity') return Buffer.from(json);
    return encoding === 'br'
      ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
      : gzipSync(json, { level: 9 });
  };
  return {
    kind: 'serialisedJson',
    json,
    etag: weakEtagOf(json),
    encode: (encoding) => (encoded[encoding] ??= compress(encoding)),
  };
}

