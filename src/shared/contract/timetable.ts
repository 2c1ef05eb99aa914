import { z } from './zod';
import { isoDateTime, rowId, text, textLimits, webUrl } from './common';
import { defineRoute, raw } from './route';

const timetableRoles = ['Student', 'TeachingStaff'] as const;

/** Attendance details of an entry for a signed-in student. */
export const attendanceDataStudentSchema = z.object({
  registrationStart: isoDateTime,
  isAttendanceMonitored: z.boolean(),
  isRegistered: z.boolean(),
  /** When the student registered (or was marked present), when `isRegistered`. */
  registeredAt: z.optional(isoDateTime),
  /** True when registering needs the check-in code the lecturer projects (issue 31 §5); absent otherwise. Never the code. */
  requiresCheckInCode: z.optional(z.boolean()),
});
export type AttendanceDataStudent = z.infer<typeof attendanceDataStudentSchema>;

/** One timetabled event. endTime is derived as startTime plus duration. */
export const timetableEntrySchema = z.object({
  rowId,
  startTime: isoDateTime,
  /** Minutes. */
  duration: z.int().check(z.nonnegative()),
  eventStart: isoDateTime,
  moduleName: z.string(),
  moduleCode: z.string(),
  /** Lecture, Seminar, Lab, ... */
  eventType: z.string(),
  /** Null for online events; links to /timetable/map/:roomId. */
  roomId: z.nullable(z.string()),
  roomName: z.nullable(z.string()),
  staff: z.array(z.string()),
  isCancelled: z.boolean(),
  attendanceDataStudent: z.optional(attendanceDataStudentSchema),
  /** True when the signed-in user teaches the class (it has a register for them); absent otherwise. */
  isTaught: z.optional(z.boolean()),
});
export type TimetableEntry = z.infer<typeof timetableEntrySchema>;

export const timetableSchema = z.object({
  timetableEntries: z.array(timetableEntrySchema),
  timetableDateRangeStart: isoDateTime,
  timetableDateRangeEnd: isoDateTime,
});
export type Timetable = z.infer<typeof timetableSchema>;

/** The public part of the calendar feed URL: 22 or more url-safe characters. */
export const icalUniqueIdSchema = text(textLimits.short).check(z.regex(/^[A-Za-z0-9_-]{22,}$/, 'Invalid calendar id'));

/** SPEC §3 iCal subscription, plus the absolute URL of its public feed for calendar apps. */
export const icalSubscriptionSchema = z.object({ uniqueId: icalUniqueIdSchema, feedUrl: webUrl });
export type IcalSubscription = z.infer<typeof icalSubscriptionSchema>;

/** A room for the map view. */
export const roomSchema = z.object({
  roomId: z.string(),
  roomName: z.string(),
  building: z.string(),
  /** 0 is the ground floor; null when the university's data gives none. */
  floor: z.nullable(z.int()),
  latitude: z.number().check(z.gte(-90), z.lte(90)),
  longitude: z.number().check(z.gte(-180), z.lte(180)),
});
export type Room = z.infer<typeof roomSchema>;

/** The campus map as a GeoJSON FeatureCollection; only the outline is checked. */
export const campusGeoJsonSchema = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(z.looseObject({ type: z.literal('Feature') })),
  /** A GeoJSON foreign member: raster tiles to draw under the campus, when the server has some configured. */
  basemap: z.optional(z.object({ tiles: z.string(), attribution: z.string() })),
});
export type CampusGeoJson = z.infer<typeof campusGeoJsonSchema>;

export const timetableRoute = defineRoute({
  id: 'timetable.get',
  method: 'GET',
  path: '/api/timetable',
  response: timetableSchema,
  roles: timetableRoles,
  cacheMinutes: 30,
});

/**
 * Null when the user has no calendar subscription. Refused while viewing as someone: the feed's
 * id is a credential, and an administrator who saw it could read the timetable unaudited for good.
 */
export const getIcalRoute = defineRoute({
  id: 'timetable.getIcal',
  method: 'GET',
  path: '/api/timetable/ical',
  response: z.nullable(icalSubscriptionSchema),
  roles: timetableRoles,
  cacheMinutes: 30,
  whileViewing: 'refuse',
});

/** Creates the subscription (or returns the existing one). A GET, as SPEC §7 has it. */
export const enableIcalRoute = defineRoute({
  id: 'timetable.enableIcal',
  method: 'GET',
  path: '/api/timetable/ical/enable',
  response: icalSubscriptionSchema,
  roles: timetableRoles,
  invalidates: ['icalSubscription'],
  whileViewing: 'refuse',
});

export const deleteIcalRoute = defineRoute({
  id: 'timetable.deleteIcal',
  method: 'DELETE',
  path: '/api/timetable/ical',
  response: raw.empty,
  roles: timetableRoles,
  invalidates: ['icalSubscription'],
});

/** The public calendar feed that calendar apps poll; the unguessable id is the credential. */
export const icalFeedRoute = defineRoute({
  id: 'timetable.icalFeed',
  method: 'GET',
  path: '/api/timetable/ical/feed/:uniqueId',
  params: z.object({ uniqueId: icalUniqueIdSchema }),
  response: raw.calendar,
  isPublic: true,
  roles: [],
  // A public capability: whoever holds the unguessable id may read that feed.
  ownedParams: { uniqueId: null },
});

/** The server's clock as a JSON string, for the client/server offset. */
export const serverTimeRoute = defineRoute({
  id: 'timetable.serverTime',
  method: 'GET',
  path: '/api/timetable/servertime',
  response: isoDateTime,
  roles: timetableRoles,
});

export const roomRoute = defineRoute({
  id: 'timetable.room',
  method: 'GET',
  path: '/api/timetable/rooms/:roomId',
  params: z.object({ roomId: text(64).check(z.minLength(1)) }),
  response: roomSchema,
  roles: timetableRoles,
  ownedParams: { roomId: null },
});

export const campusRoute = defineRoute({
  id: 'timetable.campus',
  method: 'GET',
  path: '/api/timetable/campus',
  response: campusGeoJsonSchema,
  roles: timetableRoles,
});

export const timetableRoutes = [
  timetableRoute,
  getIcalRoute,
  enableIcalRoute,
  deleteIcalRoute,
  icalFeedRoute,
  serverTimeRoute,
  roomRoute,
  campusRoute,
] as const;
