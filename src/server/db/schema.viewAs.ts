import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Defaulted<T, W = T> = ColumnType<T, W | undefined, W>;

export type ViewAsEndedBy = 'stopped' | 'expired' | 'signedOut';

/** view_as_sessions (migration 0017): one administrator's read-only view of one user. */
export interface ViewAsSessionsTable {
  id: Generated<number>;
  admin_user_id: number;
  viewed_user_id: number;
  reason: string;
  started_at: Defaulted<Date, Date | string>;
  /** started_at plus viewAsMinutes: never moves. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  ended_by: ViewAsEndedBy | null;
  ip_address: string | null;
  user_agent: string | null;
  /** The view's own row of `sessions`. */
  session_id_hash: string;
  /** The administrator's own session, kept while viewing (its id is in their cc_admin_session cookie). */
  admin_session_id_hash: string;
}

/** view_as_requests (migration 0017): every request made while viewing. */
export interface ViewAsRequestsTable {
  id: Generated<string>;
  view_as_id: number;
  at: Defaulted<Date, Date | string>;
  method: string;
  route_id: string | null;
  path: string;
  status: number;
  refused: Defaulted<boolean>;
}

export interface ViewAsTables {
  view_as_sessions: ViewAsSessionsTable;
  view_as_requests: ViewAsRequestsTable;
}
