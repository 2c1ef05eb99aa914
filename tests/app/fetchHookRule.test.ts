import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 33 §2: one data layer. Online-only reads go through TanStack Query (`*.queries.ts`),
// offline-first ones through the sync engine; no hook keeps a fetched answer in its own state.

/** Source files of the client, with their text. */
function clientSources(): { file: string; text: string }[] {
  return readdirSync('src/app', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file: `src/app/${file}`, text: readFileSync(`src/app/${file}`, 'utf8') }));
}

const importsApiClient = (text: string): boolean => /from '[./]*(?:\.\.\/)*api\/(?:client|request|conditionalGet)'/.test(text);

describe('no hand-written fetch hook', () => {
  const callers = clientSources().filter(({ text }) => importsApiClient(text));

  it('finds the API client callers it checks', () => {
    expect(callers.map(({ file }) => file)).toEqual(expect.arrayContaining(['src/app/features/welcomeWeek/welcomeWeek.queries.ts', 'src/app/sync/outbox.ts']));
  });

  it('keeps no fetched answer in React state: a module that calls the API and uses React reads through TanStack Query', () => {
    const handWritten = callers
      .filter(({ text }) => /\buse(?:State|Effect|Reducer|LayoutEffect)\b/.test(text))
      .filter(({ text }) => /\buseState\b/.test(text) || !/\buse(?:Query|InfiniteQuery|Mutation)\b/.test(text))
      .map(({ file }) => file);
    expect(handWritten).toEqual([]);
  });
});
