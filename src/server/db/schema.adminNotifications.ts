import type { ColumnType, Generated } from 'kysely';
import type { Json, NotificationType, UpdatedAt } from './schema.domain.js';
import type { CreatedAt } from './schema.identity.js';

/** Where a composed notification stands (migration 0014's CHECK). */
export type AdminNotificationStatus = 'Scheduled' | 'Sending' | 'Sent' | 'Cancelled';

/** The audience as the administrator chose it; resolved to users when it is sent. */
export interface StoredAudience {
  readonly ruleRowIds: number[];
  readonly roles: string[];
  readonly adGroupRowIds: number[];
  readonly userNames: string[];
}

export interface AdminNotificationsTable {
  id: Generated<number>;
  title: string;
  body: string;
  url: string | null;
  notification_type: NotificationType;
  audience: Json<StoredAudience>;
  send_at: ColumnType<Date, Date | string, Date | string>;
  status: AdminNotificationStatus;
  /** Goes up with every edit, so a job queued for an older version does nothing. */
  version: Generated<number>;
  recipients: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AdminNotificationTables {
  admin_notifications: AdminNotificationsTable;
}
