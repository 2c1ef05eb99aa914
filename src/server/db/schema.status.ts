import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A column the database fills in when the insert leaves it out. */
type Defaulted<T, W = T> = ColumnType<T, W | undefined, W>;

/** service_statuses (migration 0016): one monitored service of the status feed. */
export interface ServiceStatusesTable {
  id: string;
  name: string;
  feature: string | null;
  check_state: Defaulted<string>;
  check_since: Defaulted<Date, Date | string>;
  consecutive_failures: Defaulted<number>;
  last_checked_at: Timestamp | null;
  response_time_ms: number | null;
  maintenance_message: string | null;
  maintenance_until: Timestamp | null;
  maintenance_since: Timestamp | null;
  version: ColumnType<number, never, number>;
}

export interface StatusTables {
  service_statuses: ServiceStatusesTable;
}
