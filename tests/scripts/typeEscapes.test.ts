import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countTree, countTypeEscapes } from '../../scripts/type-escapes';

describe('countTypeEscapes', () => {
  it('counts `as` casts and `<T>` assertions, but not `as const`', () => {
    const source = `
      const a = value as string;
      const b = <number>other;
      const c = value as unknown as Date;
      const d = ['x', 'y'] as const;
      const e = { kind: 'k' } as const satisfies { kind: string };
    `;
    expect(countTypeEscapes(source, 'a.ts')).toEqual({ casts: 4, nonNull: 0 });
  });

  it('counts non-null assertions, nested ones too', () => {
    const source = 'const a = list[0]!; const b = map.get(key)!.value!;';
    expect(countTypeEscapes(source, 'a.ts')).toEqual({ casts: 0, nonNull: 3 });
  });

  it('ignores `as` that is not a cast: imports, exports, comments, strings, JSX text', () => {
    const source = `
      import { a as b } from './a';
      export { b as c };
      // value as string, value!
      const s = 'value as string';
      const t = \`\${'x'} as y\`;
      export const View = () => <p>this as that!</p>;
    `;
    expect(countTypeEscapes(source, 'a.tsx')).toEqual({ casts: 0, nonNull: 0 });
  });

  it('reads .tsx as JSX, where `<T>x` is not an assertion', () => {
    expect(countTypeEscapes('const el = <div>{value as string}</div>;', 'a.tsx')).toEqual({ casts: 1, nonNull: 0 });
  });
});

describe('countTree', () => {
  const base = mkdtempSync(join(tmpdir(), 'type-escapes-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('adds up the .ts and .tsx files under the given folders, and lists those with escapes', () => {
    mkdirSync(join(base, 'src/deep'), { recursive: true });
    mkdirSync(join(base, 'sw'));
    writeFileSync(join(base, 'src/deep/a.ts'), 'const a = x as number; const b = y!;');
    writeFileSync(join(base, 'src/b.tsx'), 'const c = <i>{z as string}</i>;');
    writeFileSync(join(base, 'src/clean.ts'), 'const d = [1] as const;');
    writeFileSync(join(base, 'src/notes.md'), 'x as y');
    writeFileSync(join(base, 'sw/c.ts'), 'const e = w!;');

    const { files, totals } = countTree(base, ['src', 'sw']);

    expect(totals).toEqual({ casts: 2, nonNull: 2 });
    expect(files).toEqual([
      { file: join('src', 'deep', 'a.ts'), casts: 1, nonNull: 1 },
      { file: join('src', 'b.tsx'), casts: 1, nonNull: 0 },
      { file: join('sw', 'c.ts'), casts: 0, nonNull: 1 },
    ]);
  });
});
