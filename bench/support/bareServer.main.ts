import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { BareRoute } from './bareServer.js';

// Child process of startBareServer: `bareServer.main.ts <port> <routes.json>`.
const [port, routesFile] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(routesFile ?? '', 'utf8')) as BareRoute[];
const app = Fastify({ logger: false });
for (const { path, body, contentType } of routes) {
  app.get(path, async (_request, reply) => reply.type(contentType).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('ready');
