import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/**
 * What the server's logger writes from now on: every line pino hands to its destination stream
 * (shared by the request loggers), kept in the array returned instead of being printed.
 */
export function captureLog(app: FastifyInstance): string[] {
  const logged: string[] = [];
  const log = app.log as unknown as Record<symbol, { write: (line: string) => unknown }>;
  const streamKey = Object.getOwnPropertySymbols(Object.getPrototypeOf(log) as object).concat(Object.getOwnPropertySymbols(log))
    .find((key) => key.description === 'pino.stream');
  const stream = streamKey && log[streamKey];
  if (!stream) throw new Error('pino stream not found');
  vi.spyOn(stream, 'write').mockImplementation((line: string) => logged.push(line));
  return logged;
}
