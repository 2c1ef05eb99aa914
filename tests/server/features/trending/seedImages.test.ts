import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { appImagePath, trendingItemSchema, trendingRoute } from '../../../../src/shared/contract/trending.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

// Issue 20, item 10: the demo's trending pictures are the app's own files, not a fictional host.
describe('seeded trending images', () => {
  it('are same-origin paths of files the app serves from public/', async () => {
    const response = await t.call(trendingRoute, { as: await t.signIn('student') });
    expect(response.statusCode).toBe(200);
    const items = z.parse(z.array(trendingItemSchema), response.json());
    expect(items).toHaveLength(10);
    for (const item of items) {
      expect(item.image).toMatch(/^\/trending\/[a-z0-9-]+\.svg$/);
      expect(existsSync(join('public', item.image ?? '')), `${item.image} exists in public/`).toBe(true);
    }
  });

  it('an image path cannot lead to another site', () => {
    for (const path of ['//evil.example/x.svg', '/\\evil.example/x.svg', 'javascript:alert(1)', 'trending/x.svg', '/a b.svg', '/x.svg?<script>']) {
      expect(z.safeParse(appImagePath, path).success, path).toBe(false);
    }
    expect(z.safeParse(appImagePath, '/trending/hackathon.svg').success).toBe(true);
  });
});
