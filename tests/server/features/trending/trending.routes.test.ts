import { describe, expect, it } from 'vitest';
import { trendingItemSchema, trendingRoute } from '../../../../src/shared/contract/trending.js';
import { z } from 'zod/mini';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

describe('GET /api/content/trending from the database (no TRENDING_WORDPRESS_URL)', () => {
  it('returns the seeded items newest first, with rowId, title, summary, image and url', async () => {
    const response = await t.call(trendingRoute, { as: await t.signIn('student') });
    expect(response.statusCode).toBe(200);
    const items = z.parse(z.array(trendingItemSchema), response.json());
    expect(items).toHaveLength(10);
    const first = await t.db.selectFrom('trending_items').selectAll().where('external_id', '=', 'local-library-24-hours').executeTakeFirstOrThrow();
    expect(items[0]).toEqual({ rowId: first.id, title: 'Library opens 24 hours for exam season', summary: first.summary, image: first.image_url, url: first.url });
    expect(items.at(-1)?.title).toBe('Have your say in the student survey');
  });

  it('is for students only: staff and lecturers get 403 (SPEC §6)', async () => {
    for (const userName of ['staff', 'lecturer', 'admin']) {
      const response = await t.call(trendingRoute, { as: await t.signIn(userName) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to do that.', errors: {}, code: 'forbidden' });
    }
  });
});
