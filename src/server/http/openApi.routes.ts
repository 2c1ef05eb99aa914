import packageJson from '../../../package.json' with { type: 'json' };
import { allRoutes } from '../../shared/contract/index.js';
import { openApiRoute } from '../../shared/contract/openApi.js';
import type { ServerContext } from '../context.js';
import { implement, serialiseResponse, type RouteImplementation, type SerialisedJson } from './contractRoutes.js';
import { keptJson } from './keptJson.js';
import { buildOpenApiDocument } from './openApi.js';

/** `GET /api/openapi.json`: built from the contract on first request, then the same bytes (and ETag) every time. */
export function openApiRoutes({ config }: ServerContext): RouteImplementation[] {
  let document: SerialisedJson | undefined;
  return [
    implement(openApiRoute, () => {
      document ??= keptJson(serialiseResponse(openApiRoute, buildOpenApiDocument(allRoutes, { version: packageJson.version, publicOrigin: config.publicOrigin })));
      return document;
    }),
  ];
}
