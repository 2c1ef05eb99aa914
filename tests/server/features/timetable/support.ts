import type { FastifyInstance } from 'fastify';
import { timetableRoute } from '../../../../src/shared/contract/timetable.js';
import { callRoute } from '../../../helpers/routes.js';
import type { Timetable } from '../../../../src/shared/contract/timetable.js';
import type { Caller } from '../../../helpers/testApp.js';

/** GET /api/timetable as a caller; throws on anything but 200. */
export async function fetchTimetable(app: FastifyInstance, caller: Caller): Promise<Timetable> {
  const response = await callRoute(app, timetableRoute, { as: caller });
  if (response.statusCode !== 200) throw new Error(`GET /api/timetable: ${response.statusCode} ${response.body}`);
  return response.json<Timetable>();
}

export const codesOf = (timetable: Timetable): Set<string> => new Set(timetable.timetableEntries.map((e) => e.moduleCode));

export const minutes = (n: number): number => n * 60_000;
