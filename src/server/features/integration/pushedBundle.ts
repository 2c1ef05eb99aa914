import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormReader } from '../../http/contractRoutes.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { integrationImportPushRoute } from '../../../shared/contract/integration.js';
import { bundleTooLarge, importUploadForm, saveZip, type ImportUpload } from '../imports/uploadForm.js';

/**
 * A bundle pushed by a machine (issue 36 §2): the zip as the whole body (`application/zip`), or
 * the admin upload's multipart form (field `bundle`). Either way it is streamed to a temporary
 * file and checked by its content as an upload is.
 */

export const zipContentType = 'application/zip';

/**
 * Lets `application/zip` bodies through unread to the push route, which streams them itself. Any
 * other route answers such a body 415, as it did before: no route but that one reads a zip.
 */
export function acceptZipBodies(app: FastifyInstance): void {
  app.addContentTypeParser(zipContentType, (request, payload, done) => {
    if (request.routeOptions.url === integrationImportPushRoute.path && request.method === integrationImportPushRoute.method) {
      done(null, payload);
      return;
    }
    done(new HttpError(415, 'unsupportedMediaType', `This route does not take ${zipContentType}.`, { 'content-type': [`Send application/json or a form, not ${zipContentType}.`] }), undefined);
  });
}

const isReadable = (body: unknown): body is Readable =>
  typeof body === 'object' && body !== null && 'pipe' in body && typeof body.pipe === 'function';

export function pushedBundleReader(tempDir: string, maxBytes: number): FormReader<ImportUpload> {
  const multipart = importUploadForm(tempDir, maxBytes);
  return {
    async read(request: FastifyRequest, reply): Promise<ImportUpload> {
      if (request.isMultipart()) return multipart.read(request, reply);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (declared > maxBytes) throw bundleTooLarge(maxBytes);
      if (!isReadable(request.body)) {
        const message = `Send the bundle as the body with Content-Type: ${zipContentType}, or as the multipart field "bundle".`;
        throw badRequest(message, { bundle: [message] });
      }
      await mkdir(tempDir, { recursive: true });
      const path = join(tempDir, `import-${randomBytes(12).toString('hex')}.zip.tmp`);
      try {
        const saved = await saveZip(request.body, path, maxBytes);
        return { fileName: 'pushed-bundle.zip', path, deactivationThresholdPercent: undefined, ...saved };
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    },
    fingerprintOf: multipart.fingerprintOf,
    discard: multipart.discard,
  };
}
