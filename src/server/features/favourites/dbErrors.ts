/** PostgreSQL's foreign_key_violation: the referenced row was deleted between our check and our insert. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';
}
