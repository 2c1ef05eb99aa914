import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../../helpers/testApp.js';
import { REQUESTS_PATH } from './support.js';

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: IncomingMessage['headers'];
  /** Resolves when the server has closed the connection. */
  readonly closed: Promise<void>;
}

export interface OpenUpload {
  readonly request: ClientRequest;
  /** Writes and waits until the bytes are handed to the socket. */
  readonly write: (bytes: Buffer | string) => Promise<void>;
  /** The server's answer, whenever it comes. */
  readonly answer: Promise<Answer>;
}

/** Starts a chunked multipart POST to the absences route on a listening app, leaving the body open. */
export async function openUpload(app: FastifyInstance, caller: Caller, boundary: string): Promise<OpenUpload> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const request = httpRequest({
    host: '127.0.0.1', port, method: 'POST', path: REQUESTS_PATH,
    headers: { ...caller.headers(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const closed = new Promise<void>((done) => response.socket.once('close', () => done()));
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers, closed }));
    });
  });
  // The server may answer and close while the body is still being written: that is what is tested.
  answer.catch(() => undefined);
  request.flushHeaders();
  const write = (bytes: Buffer | string) => new Promise<void>((resolve) => {
    request.write(bytes, () => resolve());
  });
  return { request, write, answer };
}
