import { adminNotificationMessages as messages, type NotificationAudience } from '../../../../shared/contract/adminNotifications.js';
import type { Db } from '../../../db/database.js';
import type { StoredAudience } from '../../../db/schema.adminNotifications.js';
import type { FieldErrors } from '../../../http/errors.js';
import { resolveAudience, type ResolvedAudience } from '../../notifications/audience.js';

/** The audience as stored: every list present, duplicates and surrounding spaces gone. */
export function normaliseAudience(audience: NotificationAudience): StoredAudience {
  const unique = <T>(values: readonly T[] | undefined): T[] => [...new Set(values ?? [])];
  return {
    ruleRowIds: unique(audience.ruleRowIds),
    roles: unique(audience.roles),
    adGroupRowIds: unique(audience.adGroupRowIds),
    userNames: unique(audience.userNames?.map((name) => name.trim())),
  };
}

const isEveryone = (audience: StoredAudience): boolean =>
  audience.ruleRowIds.length === 0 && audience.roles.length === 0 && audience.adGroupRowIds.length === 0 && audience.userNames.length === 0;

/**
 * The users a stored audience reaches now, through the one resolver (notifications/audience.ts):
 * anyone matching one of its rules, holding one of its roles, in one of its groups, or named.
 * Every list empty means every user.
 */
export function resolveStoredAudience(db: Db, audience: StoredAudience): Promise<ResolvedAudience> {
  if (isEveryone(audience)) return resolveAudience(db, { everyone: true });
  return resolveAudience(db, { rules: audience.ruleRowIds, roles: audience.roles, directoryGroups: audience.adGroupRowIds, userNames: audience.userNames });
}

/** Field errors for an audience that names what does not exist, or reaches nobody. */
export function audienceErrors(resolved: ResolvedAudience): FieldErrors {
  const errors: FieldErrors = {};
  if (resolved.unknownUserNames.length > 0) {
    errors['audience.userNames'] = resolved.unknownUserNames.map((name) => `${messages.unknownUserNames} ${name}.`);
  }
  if (resolved.unknownRuleRowIds.length > 0) errors['audience.ruleRowIds'] = [`${messages.unknownRules} ${resolved.unknownRuleRowIds.join(', ')}.`];
  if (resolved.unknownGroupRowIds.length > 0) errors['audience.adGroupRowIds'] = [`${messages.unknownGroups} ${resolved.unknownGroupRowIds.join(', ')}.`];
  if (Object.keys(errors).length === 0 && resolved.userIds.length === 0) errors.audience = [messages.noRecipients];
  return errors;
}
