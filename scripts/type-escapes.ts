#!/usr/bin/env node
// Type escapes, counted and ceilinged (issue 33 §4): `as` casts (and `<T>x` assertions) and
// non-null assertions (`x!`) in the code that ships, src/ and sw/. `as const` is not an escape: it
// narrows, it never widens or lies. Counted on the TypeScript syntax tree, so a cast in a comment
// or a string is not one, and `as` in `import { a as b }` is not a cast.
//
// The ceilings are a ratchet: lower them when casts are cut, never raise them. Prefer a zod parse
// for JSON and `unknown`, `satisfies` where a cast only checks a shape, and a type guard or a real
// check where a value may be missing.
// `npx tsx scripts/type-escapes.ts [--json]` (`npm run test:type-escapes`): prints the totals; per file when over a ceiling.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ceilings = { casts: 52, nonNull: 0 };
export const roots = ['src', 'sw'];

export interface TypeEscapes {
  casts: number;
  nonNull: number;
}
export interface FileEscapes extends TypeEscapes {
  file: string;
}

/** Counts the casts (not `as const`) and the non-null assertions in one file's source text. */
export function countTypeEscapes(sourceText: string, fileName = 'file.tsx'): TypeEscapes {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, false, kind);
  const counts: TypeEscapes = { casts: 0, nonNull: 0 };
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node.type)) counts.casts += 1;
    else if (ts.isNonNullExpression(node)) counts.nonNull += 1;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return counts;
}

/** `as const`: a type reference to `const` with no type arguments. */
function isConstAssertion(type: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const' && !type.typeArguments;
}

/** The .ts and .tsx files under `dir`, recursively (declaration files included: they ship types). */
function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Per-file counts (files with at least one escape) and totals over `roots` under `baseDir`. */
export function countTree(baseDir: string, dirs: readonly string[] = roots): { files: FileEscapes[]; totals: TypeEscapes } {
  const files: FileEscapes[] = [];
  const totals: TypeEscapes = { casts: 0, nonNull: 0 };
  for (const dir of dirs) {
    for (const path of sourceFiles(join(baseDir, dir))) {
      const counts = countTypeEscapes(readFileSync(path, 'utf8'), path);
      totals.casts += counts.casts;
      totals.nonNull += counts.nonNull;
      if (counts.casts || counts.nonNull) files.push({ file: relative(baseDir, path), ...counts });
    }
  }
  files.sort((a, b) => b.casts + b.nonNull - (a.casts + a.nonNull) || a.file.localeCompare(b.file));
  return { files, totals };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const baseDir = fileURLToPath(new URL('..', import.meta.url));
  const { files, totals } = countTree(baseDir);
  const isOver = totals.casts > ceilings.casts || totals.nonNull > ceilings.nonNull;
  if (process.argv.includes('--json')) console.log(JSON.stringify({ ceilings, totals, files }, null, 2));
  else {
    if (isOver) {
      console.log('file                                                          as casts  non-null');
      for (const { file, casts, nonNull } of files) console.log(`${file.padEnd(62)}${String(casts).padStart(8)}${String(nonNull).padStart(10)}`);
    }
    console.log(`type escapes in ${roots.join(', ')}: ${totals.casts} \`as\` casts (ceiling ${ceilings.casts}), ${totals.nonNull} non-null assertions (ceiling ${ceilings.nonNull})`);
  }
  if (isOver) {
    console.error('Over the ceiling: replace a cast with a zod parse, `satisfies` or a type guard, and a `!` with a real check (scripts/type-escapes.ts).');
    process.exit(1);
  }
}
