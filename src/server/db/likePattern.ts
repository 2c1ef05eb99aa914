/**
 * A LIKE pattern that matches `text` literally somewhere in the value (`%text%`), or at its start
 * (`text%`): `\`, `%` and `_` in the text are escaped with PostgreSQL's default escape character.
 */
export function likePattern(text: string, where: 'anywhere' | 'prefix' = 'anywhere'): string {
  const literal = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return where === 'prefix' ? `${literal}%` : `%${literal}%`;
}
