/**
 * The PostgreSQL errors the app reacts to, by their SQLSTATE (node-postgres puts it in `code`).
 * One place for the codes, so a service asks what happened rather than which number it was.
 * (Connection failures, answered 503, are `connectionErrors.ts`.)
 */
const sqlStates = {
  /** unique_violation: e.g. a second rule with the same name. */
  uniqueViolation: '23505',
  /** foreign_key_violation: the referenced row was deleted between our check and our insert. */
  foreignKeyViolation: '23503',
} as const;

const hasSqlState = (error: unknown, state: string): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === state;

export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, sqlStates.uniqueViolation);

export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, sqlStates.foreignKeyViolation);
