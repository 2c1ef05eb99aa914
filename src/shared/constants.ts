/** Business constants and limits of SPEC §9, with the defaults of SPEC §2 and §5. */

export const siteTitle = 'Campus Companion';
/** Between the menu label and the site title in the document title. */
export const titleSeparator = ' | ';

export const session = {
  warningThresholdSeconds: 300,
  checkIntervalSeconds: 60,
  signOutRedirectDelayMs: 2000,
  signOutAnimationMs: 2000,
  extensionThrottleMs: 3000,
  /** Excluded from session-extension reports. */
  extensionExcludedPath: 'livesystemstatus',
} as const;

export const toast = {
  defaultTimeoutMs: 3000,
  absenceFailureTimeoutMs: 10_000,
  icalRemovedTimeoutMs: 2500,
} as const;

/** 0 means all rows. */
export const rowsPerPageOptions = [5, 7, 10, 15, 20, 25, 50, 0] as const;

export const absence = {
  maxFileSizeBytes: 5 * 1024 * 1024,
  descriptionMaxLength: 255,
  withdrawWindowDays: 30,
  defaultStartTime: '15:00',
  defaultEndTime: '16:00',
  /** Files one request may carry (the server's multipart limit). */
  maxFilesPerRequest: 10,
  /** PDF, DOCX, EML or images: the types the server recognises from a file's bytes. */
  acceptedFileTypes: [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'message/rfc822',
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/heic',
    'image/heif',
  ],
  acceptedFileExtensions: ['.pdf', '.docx', '.eml', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.heic', '.heif'],
} as const;

export const ui = {
  /** Fraction of the sheet's height a downward drag must cover to close it. */
  swipeCloseThreshold: 0.35,
  calendarYearPageSize: 20,
  sessionDialogWidthPx: 400,
  clockTickMs: 1000,
} as const;

/** Client cache lifetimes, minutes. */
export const cacheMinutes = {
  timetable: 30,
  ical: 30,
  profile: 60,
  preferenceOptions: 60,
  analytics: 240,
  personalTutor: 1440,
  attendanceAnalysis: 1440,
  absenceConfig: 30,
  absences: 60,
  resources: 60,
  /** The spec gives 120 without a unit; we read it as minutes. */
  welcomeWeek: 120,
} as const;

export const referralCooldownDays = 30;

/** hasCurrentConsecutiveMissedFive / Ten / Twenty. */
export const consecutiveMissedThresholds = [5, 10, 20] as const;

export const feedbackPrompt = {
  intervalDays: 14,
  intervalAfterFeedbackDays: 42,
} as const;

export const statusFeed = {
  fastRetryDelayMs: 2500,
  fastRetryCount: 5,
  slowRetryDelayMs: 30_000,
  /** The delay before each retry; the last value repeats. */
  reconnectDelaysMs: [2500, 2500, 2500, 2500, 2500, 30_000],
} as const;

export const serviceWorker = {
  path: '/service-worker.js',
  scope: '/',
  updateCheckSeconds: 120,
} as const;

export const fonts = {
  heading: 'Noto Sans Display',
  body: 'Inter',
  /** This font preference (or an empty one) means the default fonts. */
  appFontValue: 'App Font',
} as const;

export const preferenceValues = {
  darkTheme: 'Dark',
  lightTheme: 'Light',
  squareBorder: 'Square',
} as const;

/** White text on colours at or below this relative luminosity, black above it. */
export const contrastLuminosityThreshold = 0.4;

export const formats = {
  displayDate: 'DD/MM/YYYY',
  shortDate: 'DD/MM/YY',
  nativeDate: 'YYYY-MM-DD',
  callDateTime: 'YYYY-MM-DDTHH:mm:ss',
  time24: 'HH:mm',
  time12: 'h:mma',
  dayKey: 'DD-MM-YYYY',
  dateMask: '##/##/####',
  timeMask: '##:##',
} as const;

/** The registrationStatus that allows editing absences. */
export const fullyEnrolledStatus = 'Registered-Enrolled';

export const cookies = {
  userApiPreferences: 'UserApiPreferences',
  userAppPreferences: 'UserAppPreferences',
  showTourPrompt: 'ShowTourPrompt',
  analyticsConsent: 'AnalyticsConsent',
  /** Whose AnalyticsConsent answer it is: an opaque marker of the user who gave it (not in SPEC §3). */
  analyticsConsentUser: 'AnalyticsConsentUser',
  appPlatform: 'app-platform',
} as const;

/**
 * Cookies kept on sign-out: SPEC §3's two, and AnalyticsConsentUser with the answer it belongs
 * to (so the next user is asked again, and the user who answered is not).
 */
export const persistentCookies = [cookies.analyticsConsent, cookies.analyticsConsentUser, cookies.appPlatform] as const;

/**
 * Attendance registration for a monitored class (SPEC §3 gives only registrationStart). The window
 * opens shortly before the class so students can register at the door, and closes a while after
 * it starts so late arrivals still can. Fixed here for now; they may become configurable later.
 */
export const attendanceRegistration = {
  /** attendanceDataStudent.registrationStart = class start minus this. */
  opensMinutesBeforeStart: 10,
  /** Registration is refused from class start plus this. */
  closesMinutesAfterStart: 20,
} as const;

/**
 * Attendance analysis, computed by the server on every request (the rules and their definitions
 * are in src/server/features/attendance/attendance.rules.ts).
 */
export const attendanceAnalysis = {
  /** A module gets a peer comparison only when at least this many other students contribute to it. */
  peerCohortMinimum: 5,
  /** The trend compares the percentage of the last this-many weeks with that of the same span before. */
  trendWindowWeeks: 4,
  /** A change of at least this many percentage points is Up or Down; anything smaller is Stable. */
  trendThresholdPoints: 5,
} as const;
