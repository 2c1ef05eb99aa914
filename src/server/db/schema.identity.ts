import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../shared/contract/route.js';

/** Timestamps are written as Date (or ISO strings) and read back as Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  display_name: string;
  first_name: string;
  email: string;
  oidc_subject: string | null;
  student_id: string | null;
  staff_job_family: string | null;
  created_at: CreatedAt;
  /** The import's key for this person (0024); null for a user only sign-in knows. */
  sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  import_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** False once an import deactivated them. */
  is_active: Generated<boolean>;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
  /** Granted at sign-in (identity provider claims, directory groups, demo personas) (0024). */
  via_sign_in: Generated<boolean>;
  /** Granted by an import (Student, TeachingStaff; never Administrator) (0024). */
  via_import: Generated<boolean>;
}

export interface DirectoryGroupsTable {
  id: Generated<number>;
  external_id: string;
  name: string;
  /** Roles its members get at sign-in (0013; was the single `granted_role`). */
  granted_roles: ColumnType<Role[], Role[] | undefined, Role[]>;
  /** Members review absence requests (the school office). */
  is_absence_review_group: Generated<boolean>;
  /** Members work the Student Support referral queue (0029). */
  is_student_support_group: Generated<boolean>;
}

export interface DirectoryGroupMembersTable {
  group_id: number;
  user_id: number;
}

export interface SessionsTable {
  /** SHA-256 of the session id: a leaked table does not leak live sessions. */
  id_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  id_token: string | null;
  auth_method: 'demo' | 'oidc';
  /** "Keep me signed in on this device" (0032): the cookie lasts until absolute_expires_at, not the browser. */
  keep_signed_in: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Sessions ended by "sign out of all devices" or an administrator (0027), kept until their absolute expiry. */
export interface RevokedSessionsTable {
  id_hash: string;
  user_id: number;
  revoked_at: Timestamp;
  expires_at: Timestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  user_id: number | null;
  action: string;
  detail: ColumnType<unknown, string | undefined, string>;
}

/** The roles a user holds now: their own (`user_roles`) and what their directory groups grant (0025). Read-only. */
export interface EffectiveUserRolesView {
  user_id: number;
  role: Role;
}

export interface IdentityTables {
  users: UsersTable;
  user_roles: UserRolesTable;
  effective_user_roles: EffectiveUserRolesView;
  directory_groups: DirectoryGroupsTable;
  directory_group_members: DirectoryGroupMembersTable;
  sessions: SessionsTable;
  revoked_sessions: RevokedSessionsTable;
  server_secrets: ServerSecretsTable;
  audit_log: AuditLogTable;
}
