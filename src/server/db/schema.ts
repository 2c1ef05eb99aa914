import type { AdminNotificationTables } from './schema.adminNotifications.js';
import type { ConnectorTables } from './schema.connectors.js';
import type { AttendanceFeedTables } from './schema.attendanceFeed.js';
import type { DomainTables } from './schema.domain.js';
import type { IdempotencyTables } from './schema.idempotency.js';
import type { IdentityTables } from './schema.identity.js';
import type { ImportTables } from './schema.imports.js';
import type { SharedStateTables } from './schema.shared.js';
import type { StatusTables } from './schema.status.js';
import type { ViewAsTables } from './schema.viewAs.js';

/** Every table Kysely knows about; one interface per migration family. */
export interface Database extends IdentityTables, DomainTables, SharedStateTables, AdminNotificationTables, StatusTables, ViewAsTables, IdempotencyTables, ImportTables, ConnectorTables, AttendanceFeedTables {}
