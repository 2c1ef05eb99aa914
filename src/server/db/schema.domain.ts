import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../shared/contract/route.js';
import type { CreatedAt, Timestamp } from './schema.identity.js';

/** Tables of the product's features (migrations 0002 onwards). Enumerations match the CHECKs. */

/** Written optionally (defaults to now()), updatable. */
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read back parsed, written as a JSON string (pg would turn a JS array into a SQL array). */
export type Json<T> = ColumnType<T, string, string>;
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export type EventType = 'Lecture' | 'Seminar' | 'Lab' | 'Tutorial' | 'Workshop' | 'Exam' | 'Other';

/** The columns every imported record carries (0024): its key in the bundle and the batch that last changed it. */
export interface ImportedColumns {
  sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A digest of the record as the import last wrote it: an unchanged row hashes the same. */
  import_hash: ColumnType<string | null, string | null | undefined, string | null>;
}
export type AttendanceResult = 'Cancelled' | 'Attended' | 'AttendedAssumed' | 'Absent' | 'AbsentAuthorised' | 'AbsentInformed';
export type AbsenceType = 'Authorised' | 'Informed';
export type AbsenceStatus = 'Pending' | 'PendingCancellation' | 'Approved' | 'Denied' | 'AwaitingEvidence' | 'Cancelled';
export type TrendingSource = 'local' | 'wordpress';
export type NotificationType = 'General' | 'Timetable' | 'Attendance';
export type PushProvider = 'webpush' | 'fcm';
export type PreferenceKind = 'theme' | 'border' | 'font';

export interface GeoJsonPolygon {
  type: 'Polygon';
  /** Rings of [longitude, latitude]; the first ring is the outline, closed. */
  coordinates: [number, number][][];
}

// ---- people and catalogue (0002) ----

export interface ProfilesTable {
  user_id: number;
  /** SPEC §3 codes: 0 Foundation, 1–3 UG years, 7 Master's, 8 Doctor; null for staff. */
  study_level: number | null;
  /** 'Registered-Enrolled' is fully enrolled; null means unknown. */
  registration_status: string | null;
  programme: string | null;
  school: string | null;
  is_student_visa_holder: Generated<boolean>;
}

export interface PersonalTutorsTable {
  student_user_id: number;
  /** A tutor who is a user of the app, or else just a name and email. */
  tutor_user_id: number | null;
  tutor_name: string | null;
  tutor_email: string | null;
  /** Where the tutor can be found, e.g. 'Engineering Building, room 2.14' (0015). */
  office: string | null;
}

export interface BuildingsTable {
  id: string;
  name: string;
  /** Null for a building an import named without an outline (0024). */
  polygon: ColumnType<GeoJsonPolygon | null, string | null, string | null>;
}

export interface RoomsTable {
  /** e.g. 'ENG-1.12'; also the timetable map route's :roomId. */
  id: string;
  name: string;
  building_id: string;
  /** Optional in an import (0024): a room without coordinates is not on the map. */
  floor: number | null;
  latitude: number | null;
  longitude: number | null;
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
  is_active: Generated<boolean>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  import_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ModulesTable extends ImportedColumns {
  id: Generated<number>;
  /** Not unique since 0024: a course's code repeats year after year. */
  code: string;
  name: string;
  is_active: Generated<boolean>;
  school_year_sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
  org_sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A OneRoster role row (0024): `student` grants Student, `teacher` TeachingStaff; others grant nothing. */
export interface PersonRolesTable {
  id: Generated<number>;
  sourced_id: string;
  user_id: number;
  role_type: string;
  role: string;
  org_sourced_id: string;
  begin_date: string | null;
  end_date: string | null;
  is_active: Generated<boolean>;
  batch_id: number | null;
  import_hash: string | null;
}

/** A teaching group of a module (a OneRoster class, 0024): the cohort for lectures, or one lab or seminar group. */
export interface TeachingGroupsTable extends ImportedColumns {
  id: Generated<number>;
  module_id: number;
  title: string;
  /** OneRoster classType: 'scheduled' or 'homeroom'. */
  class_type: Generated<string>;
  class_code: ColumnType<string | null, string | null | undefined, string | null>;
  term_sourced_ids: ColumnType<string[], string[] | undefined, string[]>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  /** e.g. '2026/27': its enrolments' academic year (from its term's or course's school year). */
  academic_year: ColumnType<string | null, string | null | undefined, string | null>;
  is_active: Generated<boolean>;
}

export interface AcademicSessionsTable {
  id: Generated<number>;
  sourced_id: string;
  title: string;
  session_type: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  parent_sourced_id: string | null;
  school_year: string | null;
  is_active: Generated<boolean>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  import_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrgsTable {
  id: Generated<number>;
  sourced_id: string;
  name: string;
  org_type: string;
  identifier: string | null;
  parent_sourced_id: string | null;
  is_active: Generated<boolean>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  import_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TimetableEventsTable extends ImportedColumns {
  id: Generated<number>;
  /** Always the group's module (kept for the reads that show the module). */
  module_id: number;
  /** The teaching group whose students attend it (0024); written without one, the module's first group. */
  group_id: ColumnType<number, number | undefined, number>;
  is_active: Generated<boolean>;
  /** Overrides the module's title on this occurrence (0024). */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  event_type: EventType;
  room_id: string | null;
  starts_at: Timestamp;
  duration_minutes: number;
  is_monitored: Generated<boolean>;
  is_cancelled: Generated<boolean>;
  /** iCalendar SEQUENCE: bump it with last_modified on every change. */
  sequence: Generated<number>;
  last_modified: UpdatedAt;
  /** Display names of the teaching staff, e.g. 'Dr Helen Marsh'. */
  staff_names: Generated<string>;
  /** When the close-registers job wrote the class's records; null while it is open (0007). */
  register_closed_at: NullableTimestamp;
  /** When the class's absent students were checked for missed-run alerts; null until then (0019). */
  missed_alerts_at: NullableTimestamp;
}

export interface EnrolmentsTable extends ImportedColumns {
  student_user_id: number;
  /** Always the group's module. */
  module_id: number;
  /** The teaching group the student is in (0024); written without one, the module's first group. */
  group_id: ColumnType<number, number | undefined, number>;
  is_active: Generated<boolean>;
  /** Label such as '2025/26'. */
  academic_year: string;
}

export interface TeachingAssignmentsTable extends ImportedColumns {
  id: Generated<number>;
  lecturer_user_id: number;
  /** Exactly one target: a whole module (all its groups), a group (all its events) or one event (cover). */
  module_id: ColumnType<number | null, number | null | undefined, number | null>;
  group_id: ColumnType<number | null, number | null | undefined, number | null>;
  event_id: number | null;
  is_active: Generated<boolean>;
}

// ---- attendance, absences, referrals (0003) ----

export interface AttendanceRecordsTable {
  id: Generated<number>;
  student_user_id: number;
  event_id: number;
  analysis_result: AttendanceResult;
  academic_year: string;
}

export interface AttendanceRegistrationsTable {
  id: Generated<number>;
  student_user_id: number;
  event_id: number;
  registered_at: CreatedAt;
  client_ip: string | null;
  /** The lecturer who marked the student present (an override); null for the student's own (0012). */
  marked_by_user_id: Generated<number | null>;
}

export interface AttendanceRegistrationRefusalsTable {
  id: Generated<number>;
  student_user_id: number;
  event_id: number | null;
  reason: string;
  client_ip: string | null;
  at: CreatedAt;
  /** What the student typed, for a refused check-in code (0031). */
  check_in_code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Whether a module's classes ask for a check-in code (0031); no row: they do not. */
export interface ModuleCheckInSettingsTable {
  module_id: number;
  is_required: boolean;
  updated_by_user_id: number | null;
  updated_at: Date;
}

/** One class's check-in secret (0031): the key of its codes' HMAC. Never leaves the server. */
export interface CheckInSecretsTable {
  event_id: number;
  secret: Buffer;
  created_at: Date;
}

export interface AbsenceCategoriesTable extends ImportedColumns {
  id: Generated<number>;
  name: string;
  description: string;
  absence_type: AbsenceType;
  requires_description: Generated<boolean>;
  requires_evidence: Generated<boolean>;
  display_order: Generated<number>;
  is_active: Generated<boolean>;
}

export interface AbsenceRequestsTable {
  id: Generated<number>;
  student_user_id: number;
  category_id: number;
  absence_start: Timestamp;
  absence_end: Timestamp;
  description: string | null;
  status: Generated<AbsenceStatus>;
  message_to_student: string | null;
  created_at: CreatedAt;
  last_modified: UpdatedAt;
  /**
   * When it reached its current status; kept by a trigger from last_modified (0011). Only an undone
   * decision sets it itself, putting the previous one back (0030).
   */
  status_changed_at: ColumnType<Date, never, Date>;
  /** When the student last added evidence the office had asked for, sending it back to Pending (0030). */
  evidence_added_at: NullableTimestamp;
}

/** A reviewer's decision on an absence request, kept to show who/when and to undo it (0030). */
export interface AbsenceDecisionsTable {
  id: Generated<number>;
  request_id: number;
  decided_by_user_id: number | null;
  decided_at: Timestamp;
  from_status: AbsenceStatus;
  to_status: AbsenceStatus;
  message: string | null;
  /** The request's lastModified the decision gave it. */
  last_modified: Timestamp;
  previous_message: string | null;
  previous_last_modified: Timestamp;
  previous_status_changed_at: Timestamp;
  undone_at: NullableTimestamp;
  /** When the student's notification was sent (after the undo window). */
  notified_at: NullableTimestamp;
}

export interface AbsenceFilesTable {
  id: Generated<number>;
  request_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: CreatedAt;
}

export interface ReferralsTable {
  id: Generated<number>;
  student_user_id: number;
  reason: string;
  notes: string;
  created_at: CreatedAt;
  /** Where Student Support has got to with it (0029). */
  status: Generated<ReferralStatus>;
  /** When the status last changed; null while it is New as sent. */
  status_changed_at: NullableTimestamp;
}

export type ReferralStatus = 'New' | 'Contacted' | 'Closed';

/** Student Support's private note on each status change of a referral (0029). */
export interface ReferralCaseNotesTable {
  id: Generated<number>;
  referral_id: number;
  author_user_id: number | null;
  status_before: ReferralStatus;
  status: ReferralStatus;
  note: string;
  created_at: Timestamp;
}

// ---- resources and trending (0004) ----

export interface ResourceCategoriesTable {
  id: Generated<number>;
  name: string;
  colour: string;
  display_order: Generated<number>;
}

export interface ResourceLinksTable {
  id: Generated<number>;
  category_id: number;
  display_name: string;
  url: string;
  description: string | null;
  display_order: Generated<number>;
  /** 0013: an inactive link is shown to no one; icon is an optional name for the admin's choice. */
  is_active: Generated<boolean>;
  icon: string | null;
}

export interface ResourceLinkOpensTable {
  id: Generated<number>;
  link_id: number;
  user_id: number | null;
  opened_at: CreatedAt;
  /** Unused since 0021 (idempotency_keys holds every key); older rows keep theirs. */
  idempotency_key: Generated<string | null>;
}

/** A named audience (0013): every non-empty field must match, any value within a field. */
export interface AudienceRulesTable {
  id: Generated<number>;
  name: string;
  roles: ColumnType<Role[], Role[] | undefined, Role[]>;
  study_levels: ColumnType<number[], number[] | undefined, number[]>;
  programmes: ColumnType<string[], string[] | undefined, string[]>;
  schools: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface AudienceRuleGroupsTable {
  rule_id: number;
  group_id: number;
}

export interface ResourceCategoryRulesTable {
  category_id: number;
  rule_id: number;
}

export interface ResourceLinkRulesTable {
  link_id: number;
  rule_id: number;
}

export interface FavouriteResourcesTable {
  id: Generated<number>;
  user_id: number;
  link_id: number;
  created_at: CreatedAt;
}

export interface TrendingItemsTable {
  id: Generated<number>;
  title: string;
  summary: string | null;
  image_url: string | null;
  url: string;
  published_at: Timestamp;
  source: TrendingSource;
  /** The post id at the source (WordPress); null for local items. */
  external_id: string | null;
}

export interface FavouriteTrendingTable {
  id: Generated<number>;
  user_id: number;
  trending_item_id: number;
  created_at: CreatedAt;
}

export interface TrendingCacheTable {
  source: TrendingSource;
  payload: Json<unknown>;
  fetched_at: Timestamp;
}

// ---- notifications, push, preferences, feedback, iCal (0005) ----

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  notification_type: NotificationType;
  url: string | null;
  date_sent: CreatedAt;
  read_at: NullableTimestamp;
  /** Names what an automatic trigger notified about; unique per user (0006). */
  dedupe_key: string | null;
  /** The composed admin notification this is a copy of (0014). */
  admin_notification_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Pushes the push services accepted / refused or gave up on for this copy (0014), counted per
   * send; written only before push_deliveries (0021) took over, which counts per device.
   */
  pushes_delivered: Generated<number>;
  pushes_failed: Generated<number>;
}

export type PushDeliveryOutcome = 'delivered' | 'failed';

/** What became of one copy's push to one device (0021): a retried send is recorded once. */
export interface PushDeliveriesTable {
  notification_id: number;
  /** push_subscriptions.id, kept after the device unsubscribes (no reference). */
  subscription_id: number;
  outcome: PushDeliveryOutcome;
  recorded_at: CreatedAt;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The device token (FCM) or the Web Push endpoint; one row per device. */
  token: string;
  provider: PushProvider;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  types: ColumnType<NotificationType[], NotificationType[] | undefined, NotificationType[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AppPreferences {
  isCategoryView: boolean;
}

export interface UserPreferencesTable {
  user_id: number;
  /** Null means not chosen: automatic theme, rounded border, default font. */
  theme: string | null;
  border: string | null;
  font: string | null;
  app_preferences: JsonWithDefault<AppPreferences>;
  updated_at: UpdatedAt;
}

export interface PreferenceOptionsTable {
  id: Generated<number>;
  kind: PreferenceKind;
  value: string;
  display_order: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  rating: number | null;
  comment: Generated<string>;
  created_at: CreatedAt;
  /** One of the contract's feedback categories, or null when none was chosen (0015). */
  category: string | null;
  /** The app version that sent it (0015); null for feedback stored before. */
  app_version: string | null;
  /** Unused since 0021 (idempotency_keys holds every key); older rows keep theirs. */
  idempotency_key: Generated<string | null>;
}

export interface FeedbackPromptsTable {
  id: Generated<number>;
  user_id: number;
  prompted_at: CreatedAt;
  provided_feedback: Generated<boolean>;
}

export interface IcalSubscriptionsTable {
  user_id: number;
  unique_id: string;
  created_at: CreatedAt;
}

export interface DomainTables {
  profiles: ProfilesTable;
  personal_tutors: PersonalTutorsTable;
  buildings: BuildingsTable;
  rooms: RoomsTable;
  modules: ModulesTable;
  teaching_groups: TeachingGroupsTable;
  academic_sessions: AcademicSessionsTable;
  orgs: OrgsTable;
  person_roles: PersonRolesTable;
  timetable_events: TimetableEventsTable;
  enrolments: EnrolmentsTable;
  teaching_assignments: TeachingAssignmentsTable;
  attendance_records: AttendanceRecordsTable;
  attendance_registrations: AttendanceRegistrationsTable;
  attendance_registration_refusals: AttendanceRegistrationRefusalsTable;
  module_check_in_settings: ModuleCheckInSettingsTable;
  check_in_secrets: CheckInSecretsTable;
  absence_categories: AbsenceCategoriesTable;
  absence_requests: AbsenceRequestsTable;
  absence_files: AbsenceFilesTable;
  absence_decisions: AbsenceDecisionsTable;
  referrals: ReferralsTable;
  referral_case_notes: ReferralCaseNotesTable;
  resource_categories: ResourceCategoriesTable;
  resource_links: ResourceLinksTable;
  resource_link_opens: ResourceLinkOpensTable;
  audience_rules: AudienceRulesTable;
  audience_rule_groups: AudienceRuleGroupsTable;
  resource_category_rules: ResourceCategoryRulesTable;
  resource_link_rules: ResourceLinkRulesTable;
  favourite_resources: FavouriteResourcesTable;
  trending_items: TrendingItemsTable;
  favourite_trending: FavouriteTrendingTable;
  trending_cache: TrendingCacheTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  user_preferences: UserPreferencesTable;
  preference_options: PreferenceOptionsTable;
  feedback: FeedbackTable;
  feedback_prompts: FeedbackPromptsTable;
  ical_subscriptions: IcalSubscriptionsTable;
}
