import { errorCode, isRecord } from '../../shared/guards.js';
/**
 * Whether an error means "PostgreSQL cannot be reached right now" (down, restarting, failing over,
 * refusing connections) rather than a fault of the query or of the code. Such errors are answered
 * 503 and retried later; anything else stays a 500.
 */

/** Socket-level failures Node (or pg's connection timeout) reports while connecting or talking. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or not letting anyone in: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery), 53300
 * too_many_connections. Class 08 (connection exceptions) is matched as a whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' own texts for a connection that dropped or never came (they carry no code). */
const DROPPED_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|is not queryable/i;

function isConnectionFailure(value: Record<string, unknown>): boolean {
  const { code, message } = value;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return typeof message === 'string' && DROPPED_CONNECTION.test(message);
}

/**
 * True for node-postgres (and Node socket) errors of an unreachable database, also when wrapped:
 * it follows `cause` and the `errors` of an AggregateError (a host name with several addresses
 * fails with one of those). Plain objects count too: pg-boss reports worker errors as copies.
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!isRecord(error) || depth > 5) return false;
  if (isConnectionFailure(error)) return true;
  const { cause, errors } = error;
  if (cause !== undefined && isConnectionError(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1));
}

/** The message of an error, or of a plain object carrying one, for logs. */
export function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = isRecord(error) ? error.message : undefined;
  if (typeof message === 'string' && message !== '') return message;
  return errorCode(error) ?? 'unknown error';
}
