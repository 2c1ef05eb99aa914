import { describe, expect, it } from 'vitest';
import { snippetLinter } from '../../helpers/snippetLinter.js';

/** eslint.config.js: features and jobs never import the demo seed. */
describe('the seed import rule', () => {
  const eslint = snippetLinter();
  const rulesHit = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.map((m) => m.ruleId) ?? [];

  it('refuses db/seed imports in src/server/features and src/server/jobs', async () => {
    expect(await rulesHit('src/server/features/attendance/example.ts', "import { addDays } from '../../db/seed/calendar.js';\nexport const f = addDays;\n"))
      .toContain('no-restricted-imports');
    expect(await rulesHit('src/server/jobs/example.ts', "import { seedDemoUniversity } from '../db/seed/seed.js';\nexport const f = seedDemoUniversity;\n"))
      .toContain('no-restricted-imports');
  });

  it('lets them import the calendar module, and lets the server entry point seed', async () => {
    expect(await rulesHit('src/server/features/attendance/example.ts', "import { addDays } from '../../calendar/academicCalendar.js';\nexport const f = addDays;\n"))
      .toEqual([]);
    expect(await rulesHit('src/server/example.ts', "import { seedDemoUniversity } from './db/seed/seed.js';\nexport const f = seedDemoUniversity;\n"))
      .toEqual([]);
  });
});
