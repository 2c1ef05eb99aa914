/** Every user's database is named `campus-companion:<userId>`; nothing else uses the prefix. */
export const databasePrefix = 'campus-companion:';

/**
 * The temporary database of an administrator's view-as session (issue 17) is named
 * `campus-companion-viewas:<viewed userId>`: a different prefix, so the viewed user's data never
 * lands in (or is mistaken for) anyone's own database, and clean-ups can find it by name.
 */
export const viewAsDatabasePrefix = 'campus-companion-viewas:';

export function userDatabaseName(userId: string): string {
  return `${databasePrefix}${userId}`;
}

export function viewAsDatabaseName(userId: string): string {
  return `${viewAsDatabasePrefix}${userId}`;
}

/** The user id a database name stands for; '' for a name made by neither function above. */
export function userIdOfDatabase(name: string): string {
  if (name.startsWith(databasePrefix)) return name.slice(databasePrefix.length);
  if (name.startsWith(viewAsDatabasePrefix)) return name.slice(viewAsDatabasePrefix.length);
  return '';
}
