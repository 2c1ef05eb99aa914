import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, type ConfigVariable } from '../../src/server/config';
import { configGroups, renderConfigurationPage, variableDocs } from '../../src/server/configDocs';

const schemaNames = Object.keys(configSchema.shape) as ConfigVariable[];

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from src/server/configDocs.ts', () => {
    const onDisk = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    // Run `npm run docs:config` after changing src/server/configDocs.ts.
    expect(onDisk).toBe(renderConfigurationPage());
  });

  it('lists every variable the schema reads in exactly one group, and no other', () => {
    const listed = configGroups.flatMap((group) => group.variables);
    expect([...listed].sort()).toEqual([...schemaNames].sort());
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([]);
    expect(Object.keys(variableDocs).sort()).toEqual([...schemaNames].sort());
  });

  it('names each simple default the schema gives an unset variable', () => {
    const unchecked: string[] = [];
    for (const name of schemaNames) {
      const value: unknown = configSchema.shape[name].parse(undefined);
      const fallback = variableDocs[name].fallback;
      if (typeof value === 'number') expect(fallback, name).toContain(`\`${value}\``);
      else if (typeof value === 'boolean') expect(fallback, name).toContain(value ? '`1`' : '`0`');
      else if (typeof value === 'string' && value.length <= 60) expect(fallback, name).toContain(`\`${value}\``);
      else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) for (const item of value) expect(fallback, name).toContain(item);
      else if (value !== undefined) unchecked.push(name);
    }
    // Defaults too long or structured to quote, described in words instead.
    expect(unchecked.sort()).toEqual(['SUPPORT_URGENT_TEXT', 'TEACHING_WEEKS']);
  });

  it('keeps each table row on one line with three cells', () => {
    for (const name of schemaNames) {
      for (const text of [variableDocs[name].fallback, variableDocs[name].meaning]) {
        expect(text, name).not.toMatch(/[\n|]/);
        expect(text.trim(), name).not.toBe('');
      }
    }
  });
});
