import type { Migration } from 'kysely';
import * as m0001 from './0001_identity.js';
import * as m0002 from './0002_people_timetable.js';
import * as m0003 from './0003_attendance_absences.js';
import * as m0004 from './0004_resources_trending.js';
import * as m0005 from './0005_user_settings.js';
import * as m0006 from './0006_notification_dedupe.js';
import * as m0007 from './0007_register_closed.js';
import * as m0008 from './0008_shared_instance_state.js';
import * as m0009 from './0009_link_open_idempotency.js';
import * as m0010 from './0010_reviewers_audit.js';
import * as m0011 from './0011_absence_review_queue.js';
import * as m0012 from './0012_register_overrides.js';
import * as m0013 from './0013_audience_rules.js';
import * as m0014 from './0014_admin_notifications.js';
import * as m0015 from './0015_feedback_profile.js';
import * as m0016 from './0016_service_statuses.js';
import * as m0017 from './0017_view_as.js';
import * as m0018 from './0018_cache_versions.js';
import * as m0019 from './0019_missed_alert_marks.js';
import * as m0020 from './0020_view_as_session_cleanup.js';
import * as m0021 from './0021_absence_list_paging.js';
import * as m0022 from './0022_idempotency_keys.js';
import * as m0023 from './0023_push_deliveries.js';
import * as m0024 from './0024_teaching_groups_imports.js';
import * as m0025 from './0025_effective_roles.js';
import * as m0026 from './0026_view_as_hand_back.js';
import * as m0027 from './0027_revoked_sessions.js';
import * as m0028 from './0028_register_history.js';
import * as m0029 from './0029_student_support_referrals.js';
import * as m0030 from './0030_absence_review_loop.js';
import * as m0031 from './0031_check_in_codes.js';
import * as m0032 from './0032_keep_signed_in.js';
import * as m0033 from './0033_integration_clients.js';
import * as m0034 from './0034_connectors.js';
import * as m0035 from './0035_attendance_changes.js';

/**
 * Append-only: never edit a migration that has shipped; add a new file and list it here.
 * Names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_people_timetable': m0002,
  '0003_attendance_absences': m0003,
  '0004_resources_trending': m0004,
  '0005_user_settings': m0005,
  '0006_notification_dedupe': m0006,
  '0007_register_closed': m0007,
  '0008_shared_instance_state': m0008,
  '0009_link_open_idempotency': m0009,
  '0010_reviewers_audit': m0010,
  '0011_absence_review_queue': m0011,
  '0012_register_overrides': m0012,
  '0013_audience_rules': m0013,
  '0014_admin_notifications': m0014,
  '0015_feedback_profile': m0015,
  '0016_service_statuses': m0016,
  '0017_view_as': m0017,
  '0018_cache_versions': m0018,
  '0019_missed_alert_marks': m0019,
  '0020_view_as_session_cleanup': m0020,
  '0021_absence_list_paging': m0021,
  '0022_idempotency_keys': m0022,
  '0023_push_deliveries': m0023,
  '0024_teaching_groups_imports': m0024,
  '0025_effective_roles': m0025,
  '0026_view_as_hand_back': m0026,
  '0027_revoked_sessions': m0027,
  '0028_register_history': m0028,
  '0029_student_support_referrals': m0029,
  '0030_absence_review_loop': m0030,
  '0031_check_in_codes': m0031,
  '0032_keep_signed_in': m0032,
  '0033_integration_clients': m0033,
  '0034_connectors': m0034,
  '0035_attendance_changes': m0035,
};
