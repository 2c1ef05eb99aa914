import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../../src/shared/contract/index.js';
import { openApiRoute } from '../../../src/shared/contract/openApi.js';
import { buildOpenApiDocument, openApiPath } from '../../../src/server/http/openApi.js';
import { useTestApp } from '../../helpers/useTestApp.js';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  'x-access': string;
  'x-roles'?: string[];
  'x-capability'?: string;
  'x-scope'?: string;
  description: string;
}
type OpenApiDocument = { openapi: string; info: { version: string }; servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const document = buildOpenApiDocument(allRoutes, { version: '9.9.9', publicOrigin: 'https://campus.example.ac.uk' }) as unknown as OpenApiDocument;
const operationOf = (route: (typeof allRoutes)[number]): Operation | undefined => document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];

describe('the OpenAPI document built from the contract', () => {
  it('is a valid OpenAPI 3.1 document (checked by an independent validator)', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://campus.example.ac.uk' }]);
  });

  it('has one operation per contract route, under its id, and no other', () => {
    const operationIds = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operationIds.sort()).toEqual(allRoutes.map((route) => route.id).sort());
    for (const route of allRoutes) expect(operationOf(route)?.operationId, route.id).toBe(route.id);
  });

  it('says who may call each route: public, a token with its scope, or a session with its roles and capability; session writes also need the antiforgery header', () => {
    for (const route of allRoutes) {
      const operation = operationOf(route);
      if (route.scope) {
        expect(operation?.security, route.id).toEqual([{ integrationToken: [route.scope] }]);
        expect(operation?.['x-access'], route.id).toBe('token');
        expect(operation?.['x-scope'], route.id).toBe(route.scope);
        expect(operation?.description, route.id).not.toContain('X-XSRF-TOKEN');
        expect(Object.keys(operation?.responses ?? {}), route.id).toEqual(expect.arrayContaining(['401', '403', '429']));
        continue;
      }
      if (route.isPublic) {
        expect(operation?.security, route.id).toEqual([]);
        expect(operation?.['x-access'], route.id).toBe('public');
        continue;
      }
      expect(operation?.['x-access'], route.id).toBe('session');
      expect(operation?.['x-roles'], route.id).toEqual([...route.roles]);
      expect(operation?.['x-capability'], route.id).toBe(route.capability);
      expect(operation?.security, route.id).toEqual([route.method === 'GET' ? { session: [] } : { session: [], antiforgery: [] }]);
    }
  });

  it('names every path parameter, as the path does', () => {
    for (const route of allRoutes) {
      const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      const described = (operationOf(route)?.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(described.map((parameter) => parameter.name).sort(), route.id).toEqual(inPath.sort());
      expect(described.every((parameter) => parameter.required)).toBe(true);
    }
  });

  it('describes JSON bodies and answers by their schemas, and refusals in the error shape', () => {
    const withBody = allRoutes.filter((route) => route.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) expect(operationOf(route)?.requestBody?.content['application/json'], route.id).toBeDefined();
    const timetable = document.paths['/api/timetable']?.get;
    expect(timetable?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    expect(timetable?.responses['401']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
  });
});

describe('GET /api/openapi.json', () => {
  const t = useTestApp();

  it('serves the document to anyone, not signed in, with the same bytes and ETag each time', async () => {
    const first = await t.call(openApiRoute);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const body = first.json<OpenApiDocument>();
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toContain('/api/openapi.json');
    expect(body.paths['/api/staff/absences/{rowId}/files/{fileRowId}/preview']?.get?.['x-capability']).toBe('absenceReviewer');
    const second = await t.call(openApiRoute);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});
