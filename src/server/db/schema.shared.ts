import type { CreatedAt, Timestamp } from './schema.identity.js';

/** State every server instance shares through the database (migration 0007). */
export interface EvidenceContentsTable {
  /** absence_files.storage_key: 128 random bits, hex. */
  storage_key: string;
  bytes: Buffer;
  created_at: CreatedAt;
}

export interface RateLimitWindowsTable {
  /** The limited route and the client address. */
  key: string;
  hits: number;
  window_ends: Timestamp;
}

export interface SharedStateTables {
  evidence_contents: EvidenceContentsTable;
  rate_limit_windows: RateLimitWindowsTable;
}
