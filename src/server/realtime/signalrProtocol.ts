import { isRecord } from '../../shared/guards.js';
/**
 * The parts of the SignalR protocol this server speaks (aspnetcore src/SignalR/docs/specs:
 * TransportProtocols.md and HubProtocol.md): negotiate versions 0 and 1, the ServerSentEvents
 * transport with the Text transfer format, and the JSON hub protocol version 1.
 */

/** The record separator that ends every JSON hub message and the handshake. */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** The negotiate versions we answer; a client asking for more gets the highest. */
export const NEGOTIATE_VERSION = 1;

export const availableTransports = [{ transport: 'ServerSentEvents', transferFormats: ['Text'] }];

/** One message as it goes over the stream: JSON, then the separator. */
export const frame = (message: object): string => `${JSON.stringify(message)}${RECORD_SEPARATOR}`;

/** An SSE event carrying `payload`; each line of it becomes a `data:` line. */
export const sseEvent = (payload: string): string => `${payload.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n`;

export const invocation = (target: string, args: readonly unknown[]): object => ({ type: MessageType.Invocation, target, arguments: args });
export const ping = (): object => ({ type: MessageType.Ping });
export const close = (error?: string, allowReconnect?: boolean): object => ({
  type: MessageType.Close,
  ...(error === undefined ? {} : { error }),
  ...(allowReconnect === undefined ? {} : { allowReconnect }),
});

/** Splits a POST body into its messages (JSON texts); a trailing part without a separator is incomplete. */
export function splitMessages(body: string): { messages: string[]; rest: string } {
  const parts = body.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { messages: parts, rest };
}

export type ParsedHandshake = { ok: true } | { ok: false; error: string };

/** Reads a handshake request: `{"protocol":"json","version":1}`. */
export function readHandshake(text: string): ParsedHandshake {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The handshake is not valid JSON.' };
  }
  if (!isRecord(value)) return { ok: false, error: 'The handshake is not a JSON object.' };
  const { protocol, version } = value;
  if (protocol !== 'json') return { ok: false, error: `The protocol '${String(protocol)}' is not supported.` };
  if (version !== 1) return { ok: false, error: `Version ${String(version)} of the json protocol is not supported.` };
  return { ok: true };
}

/** The type of a hub message from the client, or undefined when it is not one. */
export function messageTypeOf(text: string): number | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return undefined;
    const type = value.type;
    return typeof type === 'number' ? type : undefined;
  } catch {
    return undefined;
  }
}
