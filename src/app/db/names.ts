/** Every user's database is named `campus-companion:<userId>`; nothing else uses the prefix. */
export const databasePrefix = 'campus-companion:';

export function userDatabaseName(userId: string): string {
  return `${databasePrefix}${userId}`;
}

/** The user id a database name stands for; '' for a name not made by `userDatabaseName`. */
export function userIdOfDatabase(name: string): string {
  return name.startsWith(databasePrefix) ? name.slice(databasePrefix.length) : '';
}
