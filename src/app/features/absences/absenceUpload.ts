import { createAbsenceRoute, updateAbsenceRoute, type AbsenceRequest } from '../../../shared/contract/absences';
import { ApiError } from '../../api/ApiError';
import { parseSuccess, reportAnswer, requestHeaders, toHttpError } from '../../api/request';
import { runAfterWrite } from '../../api/writeEffects';
import { readXsrfToken } from '../../api/xsrf';
import { toFormData, type AbsenceSubmission } from './absenceForm';

export interface UploadOptions {
  /** Called with the fraction of the body sent so far (0..1). */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
  /** Sent as Idempotency-Key: a retry with the same key is answered with the first success, not made twice. */
  readonly idempotencyKey?: string;
}

/**
 * Sends an absence request (SPEC §7: POST to create, PUT to update, multipart). `fetch` reports no
 * upload progress, so this uses XMLHttpRequest, with the shared request pieces (api/request.ts):
 * the same headers (JSON Accept, X-XSRF-TOKEN), session reporting and parsing of the answer (the
 * contract's schema; the SPEC §8 error shape); no answer at all is a network ApiError.
 */
export function sendAbsence(submission: AbsenceSubmission, options: UploadOptions = {}): Promise<AbsenceRequest> {
  const route = submission.mode === 'edit' ? updateAbsenceRoute : createAbsenceRoute;
  const body = toFormData(submission);
  return new Promise<AbsenceRequest>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, route.path);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders({ method: route.method, xsrfToken: readXsrfToken(), ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) }))) {
      request.setRequestHeader(name, value);
    }

    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      settle();
      reportAnswer(request.responseURL || route.path, request.status);
      const response = new Response(request.status === 204 ? null : request.responseText, {
        status: request.status,
        statusText: request.statusText,
      });
      const outcome = response.ok ? parseSuccess(route, response) : toHttpError(response).then((error) => Promise.reject(error));
      outcome.then(async (value) => {
        await runAfterWrite(route);
        resolve(value as AbsenceRequest);
      }, reject);
    });
    const failed = (cause: string) => () => {
      settle();
      reject(ApiError.network(new Error(cause)));
    };
    request.addEventListener('error', failed('The absence request could not reach the server.'));
    request.addEventListener('timeout', failed('The absence request timed out.'));
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The absence request was cancelled.', 'AbortError'));
    });
    options.onProgress?.(0);
    request.send(body);
  });
}
