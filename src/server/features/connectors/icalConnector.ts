import { sql, type NotNull } from 'kysely';
import { classCodePlaceholder, type IcalSettings } from '../../../shared/contract/adminConnectors.js';
import type { Db } from '../../db/database.js';
import type { BundleFile, CsvValue } from './bundleZip.js';
import { occurrencesOfFeed, type FeedOccurrence } from './icalFeeds.js';
import { ConnectorError, getUpstream, shownUrl, type UpstreamLimits } from './upstream.js';

/**
 * The timetable feeds connector. Each feed belongs to one teaching group (by class code, or its
 * sourcedId). What the feeds hold becomes a **delta** `ext.events.csv`, never a bulk one (a bulk
 * events file deactivates every held event in its span, other groups' included):
 * - an `active` row for every occurrence the feeds hold;
 * - a `tobedeleted` row for each active event held for a covered group, inside the span its feed
 *   covers (its earliest start to its latest end), that the feed no longer holds.
 * Events of other groups, and of a covered group outside its feed's span, are left alone. A feed
 * with no events covers no span and deletes nothing.
 */

interface Group {
  readonly id: number;
  readonly sourcedId: string;
  readonly classCode: string | null;
}

export interface IcalRead {
  readonly files: BundleFile[];
  /** Locations that matched no room, groups not held: listed on the run. */
  readonly warnings: string[];
}

const eventColumns = ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'eventType', 'start', 'end', 'roomSourcedId', 'teacherSourcedIds', 'isAttendanceMonitored', 'eventStatus', 'title'] as const;

async function heldGroups(db: Db): Promise<Group[]> {
  const rows = await db.selectFrom('teaching_groups').select(['id', 'sourced_id', 'class_code'])
    .where('is_active', '=', true).where('sourced_id', 'is not', null).orderBy('id').execute();
  return rows.flatMap((r) => (r.sourced_id ? [{ id: r.id, sourcedId: r.sourced_id, classCode: r.class_code }] : []));
}

/** Each feed to read: its group and address (a template is expanded over the held groups). */
function feedsOf(settings: IcalSettings, groups: readonly Group[], warnings: string[]): { group: Group; url: string }[] {
  const byCode = new Map<string, Group>();
  for (const g of groups) {
    byCode.set(g.sourcedId.toLowerCase(), g);
    if (g.classCode) byCode.set(g.classCode.toLowerCase(), g);
  }
  const feeds: { group: Group; url: string }[] = [];
  for (const feed of settings.feeds) {
    const group = byCode.get(feed.classCode.toLowerCase());
    if (group) feeds.push({ group, url: feed.url });
    else warnings.push(`No teaching group is held with the class code "${feed.classCode}": its feed was not read.`);
  }
  if (settings.urlTemplate) {
    const template = settings.urlTemplate;
    for (const group of groups) {
      if (feeds.some((f) => f.group.id === group.id)) continue;
      const code = group.classCode ?? group.sourcedId;
      feeds.push({ group, url: template.replaceAll(classCodePlaceholder, encodeURIComponent(code)) });
    }
  }
  return feeds;
}

interface RoomIndex {
  readonly match: (location: string) => string | null;
}

async function roomIndex(db: Db): Promise<RoomIndex> {
  const rooms = await db.selectFrom('rooms').select(['id', 'name']).where('is_active', '=', true).execute();
  const byKey = new Map<string, string>();
  for (const r of rooms) byKey.set(r.name.trim().toLowerCase(), r.id);
  for (const r of rooms) byKey.set(r.id.trim().toLowerCase(), r.id);
  const find = (text: string): string | undefined => byKey.get(text.trim().toLowerCase());
  return {
    // The whole text, then each part of a list ("A; B"), then the first word of each part (a room
    // code before its name: "MB-0.01 Main Lecture Theatre").
    match: (location) => {
      const parts = location.split(/[;,]/).map((p) => p.trim()).filter(Boolean);
      return find(location) ?? parts.map(find).find(Boolean) ?? parts.map((p) => find(p.split(/\s+/)[0] ?? '')).find(Boolean) ?? null;
    },
  };
}

/** Reads every feed and returns the delta events file (and what could not be matched). */
export async function readIcalFeeds(db: Db, settings: IcalSettings, now: Date, limits: UpstreamLimits): Promise<IcalRead> {
  const warnings: string[] = [];
  const feeds = feedsOf(settings, await heldGroups(db), warnings);
  const rooms = await roomIndex(db);
  const modified = now.toISOString();
  const rows: CsvValue[][] = [];
  const unmatched = new Set<string>();
  const seen = new Set<string>();
  for (const { group, url } of feeds) {
    const answer = await getUpstream(url, { accept: 'text/calendar, */*;q=0.5' }, limits);
    const occurrences: FeedOccurrence[] = occurrencesOfFeed(answer.body.toString('utf8'), now, shownUrl(url));
    if (occurrences.length === 0) continue;
    const held = await db.selectFrom('timetable_events')
      .select(['sourced_id', 'event_type', 'starts_at', 'duration_minutes', 'room_id', 'is_monitored', 'is_cancelled', 'title'])
      .where('group_id', '=', group.id).where('sourced_id', 'is not', null)
      .$narrowType<{ sourced_id: NotNull }>()
      .execute();
    const heldById = new Map(held.map((e) => [e.sourced_id, e]));
    const inFeed = new Set<string>();
    for (const o of occurrences) {
      if (seen.has(o.sourcedId)) throw new ConnectorError(`${shownUrl(url)} holds the occurrence ${o.sourcedId} that another feed also holds.`);
      seen.add(o.sourcedId);
      inFeed.add(o.sourcedId);
      const room = o.location ? rooms.match(o.location) : null;
      if (o.location && !room) unmatched.add(o.location);
      const before = heldById.get(o.sourcedId);
      // A location no room matches keeps the room the class already has (none for a new class).
      const roomId = room ?? (o.location ? before?.room_id ?? '' : '');
      rows.push([o.sourcedId, 'active', modified, group.sourcedId, o.eventType, o.start.toISOString(), o.end.toISOString(), roomId, '',
        before?.is_monitored ?? false, o.isCancelled ? 'cancelled' : 'scheduled', before?.title ?? '']);
    }
    // Only the span this feed covers is reconciled.
    const spanStart = Math.min(...occurrences.map((o) => o.start.getTime()));
    const spanEnd = Math.max(...occurrences.map((o) => o.end.getTime()));
    const gone = await db.selectFrom('timetable_events')
      .select(['sourced_id', 'event_type', 'starts_at', 'duration_minutes', 'room_id', 'is_monitored', 'is_cancelled', 'title'])
      .where('group_id', '=', group.id).where('is_active', '=', true).where('sourced_id', 'is not', null)
      .where('starts_at', '>=', new Date(spanStart))
      .where(sql<boolean>`starts_at + make_interval(mins => duration_minutes) <= ${new Date(spanEnd)}`)
      .$narrowType<{ sourced_id: NotNull }>()
      .execute();
    for (const e of gone) {
      if (inFeed.has(e.sourced_id)) continue;
      const end = new Date(e.starts_at.getTime() + e.duration_minutes * 60_000);
      rows.push([e.sourced_id, 'tobedeleted', modified, group.sourcedId, e.event_type, e.starts_at.toISOString(), end.toISOString(), e.room_id ?? '', '',
        e.is_monitored, e.is_cancelled ? 'cancelled' : 'scheduled', e.title ?? '']);
    }
  }
  for (const location of [...unmatched].sort()) warnings.push(`The location "${location}" matches no room by code or name: its classes keep the room they had (a new one has none).`);
  const files: BundleFile[] = [{ name: 'ext.events.csv', manifestKey: 'ext.events', mode: 'delta', columns: eventColumns, rows }];
  return { files, warnings };
}
