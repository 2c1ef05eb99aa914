/** Every user's database is named `campus-companion:<userId>`; nothing else uses the prefix. */
export const databasePrefix = 'campus-companion:';

export function userDatabaseName(userId: string): string {
  return `${databasePrefix}${userId}`;
}
