import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses every routed answer above the threshold (API JSON, the calendar feed, the shell)
 * with brotli or gzip, whichever the request accepts (brotli first), and adds
 * `Vary: accept-encoding`. Built assets come precompressed from the build (@fastify/static
 * `preCompressed`, see staticFiles.ts); an answer that already has a Content-Encoding is left
 * alone. Request bodies are never inflated: a compressed upload would be a zip bomb's way in.
 * Must be registered before the routes (it attaches itself to each route as it is added).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Each piece a streamed answer writes goes out compressed as it is written, not when the
    // compressor's buffer fills: a signed-in page's head leaves before its start-up answers are
    // ready (pageAnswers.ts). A body sent whole is one piece, compressed as before.
    zlibOptions: { flush: zlibConstants.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlibConstants.BROTLI_OPERATION_FLUSH },
  });
}
