import type { AuditEntry } from '../../../../shared/contract/adminAudit';

/**
 * The audit log in words (issue 31 §6): each action key (`admin.link.delete`) as a filter label
 * ("Deleted a link") and as a sentence about one record ("Deleted the link 'Moodle'"). The key
 * stays on screen as secondary text for operators; an action not listed here reads as its key.
 */
interface ActionText {
  /** For the "What" filter: the action with no record. */
  readonly label: string;
  /** The entry's sentence, given the record's name (or, with none, its kind and id). */
  readonly sentence: (name: string) => string;
}

const quoted = (name: string) => `'${name}'`;

/** Created, changed and deleted, for a kind of admin record ("link", "directory group"). */
const crud = (kind: string, article = 'a'): Record<'create' | 'update' | 'delete', ActionText> => ({
  create: { label: `Added ${article} ${kind}`, sentence: (name) => `Added the ${kind} ${quoted(name)}` },
  update: { label: `Changed ${article} ${kind}`, sentence: (name) => `Changed the ${kind} ${quoted(name)}` },
  delete: { label: `Deleted ${article} ${kind}`, sentence: (name) => `Deleted the ${kind} ${quoted(name)}` },
});

const link = crud('link');
const category = crud('category');
const rule = crud('audience rule', 'an');
const group = crud('directory group');

const actionTexts: Readonly<Record<string, ActionText>> = {
  'admin.link.create': link.create,
  'admin.link.update': link.update,
  'admin.link.delete': link.delete,
  'admin.category.create': category.create,
  'admin.category.update': category.update,
  'admin.category.delete': category.delete,
  'admin.rule.create': rule.create,
  'admin.rule.update': rule.update,
  'admin.rule.delete': rule.delete,
  'admin.adgroup.create': group.create,
  'admin.adgroup.update': group.update,
  'admin.adgroup.delete': group.delete,
  'admin.notification.send': { label: 'Sent a notification', sentence: (name) => `Sent the notification ${quoted(name)}` },
  'admin.notification.schedule': { label: 'Scheduled a notification', sentence: (name) => `Scheduled the notification ${quoted(name)}` },
  'admin.notification.update': { label: 'Changed a scheduled notification', sentence: (name) => `Changed the scheduled notification ${quoted(name)}` },
  'admin.notification.cancel': { label: 'Cancelled a scheduled notification', sentence: (name) => `Cancelled the scheduled notification ${quoted(name)}` },
  'admin.notification.sent': { label: 'Sent a scheduled notification', sentence: (name) => `Sent the scheduled notification ${quoted(name)}` },
  'admin.users.endSessions': { label: "Ended a user's sessions", sentence: (name) => `Ended every session of ${name}` },
  'admin.viewAs.start': { label: 'Started viewing as a user', sentence: (name) => `Started viewing the app as ${name}` },
  'admin.viewAs.stop': { label: 'Stopped viewing as a user', sentence: (name) => `Stopped viewing the app as ${name}` },
  'admin.status.maintenance.set': { label: 'Set a maintenance window', sentence: (name) => `Set a maintenance window for ${name}` },
  'admin.status.maintenance.clear': { label: 'Ended a maintenance window', sentence: (name) => `Ended the maintenance window for ${name}` },
  'auth.signOutEverywhere': { label: 'Signed out on every device', sentence: (name) => `Signed ${name} out on every device` },
  'auth.signin.linkRefused': { label: 'Refused a sign-in', sentence: (name) => `Refused a sign-in that would have linked to ${name}` },
  'import.upload': { label: 'Uploaded a data import', sentence: (name) => `Uploaded the data import ${quoted(name)}` },
  'import.apply': { label: 'Applied a data import', sentence: (name) => `Applied the data import ${quoted(name)}` },
  'import.revert': { label: 'Reverted a data import', sentence: (name) => `Reverted the data import ${quoted(name)}` },
  'admin.integrationClient.create': { label: 'Added an integration client', sentence: (name) => `Added the integration client ${quoted(name)}` },
  'admin.integrationClient.revoke': { label: 'Revoked an integration client', sentence: (name) => `Revoked the integration client ${quoted(name)}` },
  'integration.request': { label: 'An integration client called the API', sentence: (name) => `The integration client ${quoted(name)} called the API` },
  'integration.refused': { label: 'Refused an integration client', sentence: (name) => `Refused the integration client ${quoted(name)}: outside its permissions` },
  'absence.decision': { label: 'Decided an absence request', sentence: (name) => `Decided the absence request of ${name}` },
  'absence.decision.undo': { label: 'Undid an absence decision', sentence: (name) => `Undid the decision on the absence request of ${name}` },
  'referral.status': { label: "Changed a referral's status", sentence: (name) => `Changed the status of the referral of ${name}` },
  'register.close': { label: 'Closed a register', sentence: (name) => `Closed the register of ${name}` },
  'register.override': { label: 'Marked a student present', sentence: (name) => `Marked a student present in ${name}` },
  'timetable.cancel': { label: 'Cancelled a class', sentence: (name) => `Cancelled the class ${name}` },
  'timetable.move': { label: 'Moved a class', sentence: (name) => `Moved the class ${name}` },
};

/** Kinds of record in words, for an entry whose record has no name to show. */
const kindNames: Readonly<Record<string, string>> = {
  link: 'link',
  category: 'category',
  rule: 'audience rule',
  adgroup: 'directory group',
  adminNotification: 'notification',
  user: 'user',
  timetableEvent: 'class',
  absenceRequest: 'absence request',
  referral: 'referral',
  importBatch: 'data import',
  integrationClient: 'integration client',
  service: 'service',
  attendanceRecord: 'attendance record',
};

/** The action as a filter label: "Deleted a link"; an unknown action is its key. */
export function actionLabel(action: string): string {
  return actionTexts[action]?.label ?? action;
}

/** The record in words: its name, else its kind and number ("class 434"); empty with no record. */
export function recordName(entry: Pick<AuditEntry, 'target' | 'targetName'>): string {
  if (!entry.target) return '';
  return entry.targetName ?? `${kindNames[entry.target.type] ?? entry.target.type} ${String(entry.target.id)}`;
}

/**
 * The entry as a sentence: "Deleted the link 'Moodle'"; with no name for the record, the action
 * and the record's kind and number ("Moved a class (class 434)").
 */
export function describeAuditEntry(entry: Pick<AuditEntry, 'action' | 'target' | 'targetName'>): string {
  const text = actionTexts[entry.action];
  if (!entry.target) return actionLabel(entry.action);
  if (text && entry.targetName !== null) return text.sentence(entry.targetName);
  return `${actionLabel(entry.action)} (${recordName(entry)})`;
}
