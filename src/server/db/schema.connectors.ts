import type { ColumnType, Generated } from 'kysely';
import type { ConnectorKind, ConnectorRunState, ConnectorRunTrigger } from '../../shared/contract/adminConnectors.js';
import type { Timestamp } from './schema.identity.js';
import type { NullableTimestamp } from './schema.domain.js';

/** Scheduled pulls: connectors and their runs (0034). */

export interface ConnectorsTable {
  id: Generated<number>;
  name: string;
  kind: ConnectorKind;
  schedule: string;
  is_enabled: Generated<boolean>;
  /** What may be shown back: addresses, the client id (never the secret). */
  settings: ColumnType<Record<string, unknown>, string, string>;
  /** The secret, encrypted under the server's connector key (secretBox.ts); null when none is set. */
  secret_ciphertext: string | null;
  next_run_at: NullableTimestamp;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConnectorRunsTable {
  id: Generated<number>;
  connector_id: number;
  trigger: ConnectorRunTrigger;
  state: ConnectorRunState;
  queued_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  message: string | null;
  batch_id: number | null;
}

export interface ConnectorTables {
  connectors: ConnectorsTable;
  connector_runs: ConnectorRunsTable;
}
