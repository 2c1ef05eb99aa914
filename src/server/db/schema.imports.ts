import type { ColumnType, Generated } from 'kysely';
import type { FileMode, ImportCounts, ImportEntity, ImportState } from '../../shared/contract/adminImports.js';
import type { Timestamp } from './schema.identity.js';
import type { NullableTimestamp } from './schema.domain.js';

/** Import batches, their problems and what each changed (0024). */

export interface ImportBatchesTable {
  id: Generated<number>;
  state: ImportState;
  created_at: Timestamp;
  created_by_user_id: number | null;
  /** The integration client that pushed it (0033). */
  created_by_client_id: number | null;
  /** Applies itself once validation leaves no error and no warning (0033). */
  auto_apply: Generated<boolean>;
  file_name: string;
  source_system_name: string | null;
  source_system_code: string | null;
  deactivation_threshold_percent: number;
  counts: ColumnType<Partial<ImportCounts>, string | undefined, string>;
  /** Each entity's file mode from the manifest (bulk, delta, absent). */
  modes: ColumnType<Partial<Record<ImportEntity, FileMode>>, string | undefined, string>;
  more_errors: Generated<number>;
  more_warnings: Generated<number>;
  accepted_warnings: Generated<boolean>;
  applied_at: NullableTimestamp;
  reverted_at: NullableTimestamp;
  updated_at: Timestamp;
}

export type ImportSeverity = 'error' | 'warning';

export interface ImportProblemsTable {
  batch_id: number;
  seq: number;
  severity: ImportSeverity;
  file: string;
  line: number | null;
  column_name: string | null;
  code: string;
  message: string;
}

export type ImportChangeAction = 'create' | 'update' | 'deactivate';

export interface ImportChangesTable {
  batch_id: number;
  entity: string;
  record_id: string;
  action: ImportChangeAction;
  before: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}

export interface ImportStagedRowsTable {
  batch_id: number;
  entity: string;
  line: number;
  sourced_id: string;
  status: 'active' | 'tobedeleted';
  data: ColumnType<Record<string, unknown>, string, string>;
  hash: string;
}

export interface ImportUploadsTable {
  batch_id: number;
  seq: number;
  chunk: Buffer;
}

/** Machine clients and their tokens (0033). */
export interface IntegrationClientsTable {
  id: Generated<number>;
  name: string;
  scopes: string[];
  token_hash: string;
  created_at: Timestamp;
  created_by_user_id: number | null;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_by_user_id: number | null;
  last_used_at: NullableTimestamp;
  last_used_address: string | null;
}

export interface ImportTables {
  integration_clients: IntegrationClientsTable;
  import_uploads: ImportUploadsTable;
  import_staged_rows: ImportStagedRowsTable;
  import_batches: ImportBatchesTable;
  import_problems: ImportProblemsTable;
  import_changes: ImportChangesTable;
}
