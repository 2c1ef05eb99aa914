import { describe, expect, it } from 'vitest';
import { BUNDLE_ENTRY_NAMES, generateUniversity, writeBundleZip } from '../../../../../src/server/db/seed/bundle/index.js';
import { bundleProblems, parseBundle } from './bundleTestKit.js';

const today = new Date('2026-10-05T08:55:00+01:00');
const small = { today, students: 500, staff: 60, modules: 40, groups: 100, enrolmentsTarget: 5_000, eventsTarget: 4_000 };

describe('the large university', () => {
  it('at a small size, has the demo\'s files, sound references and about the sizes asked for', () => {
    const { columns, rows } = parseBundle(generateUniversity(small));
    expect(Object.keys(rows)).toEqual([...BUNDLE_ENTRY_NAMES]);
    expect(bundleProblems(columns, rows)).toEqual([]);
    const students = rows['users.csv'].filter((u) => u['metadata.cc.studyLevel'] !== '');
    expect(students).toHaveLength(500);
    expect(rows['users.csv']).toHaveLength(560);
    expect(rows['courses.csv']).toHaveLength(40);
    expect(rows['classes.csv']).toHaveLength(100);
    expect(Math.abs(rows['enrollments.csv'].length - 5_000)).toBeLessThanOrEqual(2);
    expect(Math.abs(rows['ext.events.csv'].length - 4_000)).toBeLessThanOrEqual(30);
    for (const course of rows['courses.csv']) {
      const codes = rows['classes.csv'].filter((c) => c.courseSourcedId === course.sourcedId).map((c) => c.classCode ?? '');
      expect(codes).toContain(`${course.courseCode}-LEC`);
      expect(codes.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives the same bytes for the same options', () => {
    const first = generateUniversity(small);
    const second = generateUniversity(small);
    for (const name of BUNDLE_ENTRY_NAMES) expect([...second[name]].join(''), name).toBe([...first[name]].join(''));
  });

  it('refuses options it cannot honour', () => {
    expect(() => generateUniversity({ ...small, groups: 50 })).toThrow(/groups/);
    expect(() => generateUniversity({ ...small, enrolmentsTarget: 1_000_000 })).toThrow(/modules per student/);
  });

  // Streamed, the heap grows by about 15 MB; holding the files' lines alone would take over 110 MB.
  it('streams 35,000 students into a zip with bounded memory', async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 10);
    try {
      await writeBundleZip(generateUniversity({ today }), '/dev/null');
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    expect((peak - before) / 1024 / 1024).toBeLessThan(64);
  }, 60_000);
});
