import { importBundleField, importUploadRoute, type ImportSummary } from '../../../../shared/contract/adminImports';
import { ApiError } from '../../../api/ApiError';
import { parseSuccess, reportAnswer, requestHeaders, toHttpError } from '../../../api/request';
import { runAfterWrite } from '../../../api/writeEffects';
import { readXsrfToken } from '../../../api/xsrf';

export interface BundleUpload {
  readonly file: File;
  /** Sent only when it is not the server's default. */
  readonly deactivationThresholdPercent?: number;
  /** Sent as Idempotency-Key (api/actionKey.ts): a retry is answered with the first upload. */
  readonly idempotencyKey: string;
  /** Bytes of the request body sent so far, and of the whole body. */
  readonly onProgress?: (loaded: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/**
 * Uploads an import bundle (POST /api/admin/imports, multipart). `fetch` reports no upload
 * progress, so this uses XMLHttpRequest with the shared request pieces (api/request.ts), as the
 * absence upload does: the same headers (JSON Accept, X-XSRF-TOKEN, Idempotency-Key), session
 * reporting and answer parsing (the contract's schema; the SPEC §8 error shape). No answer at all
 * is a network ApiError.
 */
export function uploadBundle({ file, deactivationThresholdPercent, idempotencyKey, onProgress, signal }: BundleUpload): Promise<ImportSummary> {
  const route = importUploadRoute;
  const body = new FormData();
  // The text field first: the server reads the parts in order and streams the zip to disk.
  if (deactivationThresholdPercent !== undefined) body.append('deactivationThresholdPercent', String(deactivationThresholdPercent));
  body.append(importBundleField, file, file.name);
  return new Promise<ImportSummary>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, route.path);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders({ method: route.method, xsrfToken: readXsrfToken(), idempotencyKey }))) {
      request.setRequestHeader(name, value);
    }

    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      settle();
      reportAnswer(request.responseURL || route.path, request.status);
      const response = new Response(request.status === 204 ? null : request.responseText, { status: request.status, statusText: request.statusText });
      const outcome = response.ok ? parseSuccess(route, response) : toHttpError(response).then((error) => Promise.reject(error));
      outcome.then(async (value) => {
        await runAfterWrite(route);
        resolve(value as ImportSummary);
      }, reject);
    });
    const failed = (cause: string) => () => {
      settle();
      reject(ApiError.network(new Error(cause)));
    };
    request.addEventListener('error', failed('The bundle could not reach the server.'));
    request.addEventListener('timeout', failed('The bundle upload timed out.'));
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The bundle upload was cancelled.', 'AbortError'));
    });
    onProgress?.(0, file.size);
    request.send(body);
  });
}
