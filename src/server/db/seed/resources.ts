import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { ResourceLinkOpensTable } from '../schema.domain.js';
import { addMinutes } from './calendar.js';
import { idOf } from './people.js';
import type { Rng } from './prng.js';
import { insertInChunks } from './support.js';

/** Resource categories and links, a month of opens for popularity, favourites and audience rules. */

const SITE = 'https://campus.example.ac.uk';

/** [name, colour] with [display name, path or URL, description] links; colours mix light and dark. */
const catalogue: readonly [string, string, readonly [string, string, string][]][] = [
  ['Study', '#1B3A5C', [
    ['Moodle', 'https://moodle.campus.example.ac.uk', 'Course materials, assignments and grades'],
    ['Assignment submission', `${SITE}/study/submission`, 'Submit coursework and see feedback'],
    ['Exam timetable', `${SITE}/study/exams`, 'Dates, times and rooms of your exams'],
    ['Academic skills centre', `${SITE}/study/skills`, 'Workshops on writing, maths and study skills'],
    ['Lecture recordings', 'https://panopto.campus.example.ac.uk', 'Catch up on recorded lectures'],
  ]],
  ['Library', '#8FD3C7', [
    ['Library search', `${SITE}/library/search`, 'Find books, e-books and journal articles'],
    ['Book a study room', `${SITE}/library/rooms`, 'Reserve a group study room'],
    ['Referencing guide', `${SITE}/library/referencing`, 'How to cite sources in Harvard and IEEE styles'],
    ['Inter-library loans', `${SITE}/library/loans`, 'Borrow items from other libraries'],
  ]],
  ['IT and accounts', '#2D2A32', [
    ['Outlook web mail', 'https://outlook.office.com', 'Your university email and calendar'],
    ['Microsoft 365', 'https://www.office.com', 'Word, Excel, Teams and OneDrive'],
    ['Reset your password', `${SITE}/it/password`, 'Change or reset your university password'],
    ['Connect to eduroam', `${SITE}/it/eduroam`, 'Set up the campus wireless network'],
    ['Print and scan', `${SITE}/it/printing`, 'Top up credit and find printers'],
    ['Staff intranet', `${SITE}/staff`, 'News and tools for staff'],
  ]],
  ['Wellbeing', '#F6C1D1', [
    ['Student support', `${SITE}/support`, 'Advice on money, housing and personal matters'],
    ['Counselling service', `${SITE}/support/counselling`, 'Confidential counselling and mental health support'],
    ['Disability and inclusion', `${SITE}/support/disability`, 'Adjustments and support for your studies'],
  ]],
  ['Careers', '#5B2A86', [
    ['Careers service', `${SITE}/careers`, 'Appointments, CV checks and events'],
    ['Placements and internships', `${SITE}/careers/placements`, 'Find a placement year or summer internship'],
    ['Jobs on campus', `${SITE}/careers/campus-jobs`, 'Part-time work at the university'],
  ]],
  ['Campus life', '#FFD166', [
    ['Students\u2019 union', 'https://su.campus.example.ac.uk', 'Clubs, societies and events'],
    ['Campus map', `${SITE}/map`, 'Buildings, rooms and facilities'],
    ['Sports centre', `${SITE}/sport`, 'Gym, pool and class bookings'],
    ['Bus times', `${SITE}/travel/bus`, 'Buses between campus and the city centre'],
  ]],
];

/** Links opened most often, so the popular list is stable and believable. */
const POPULAR = ['Moodle', 'Outlook web mail', 'Library search', 'Lecture recordings', 'Campus map'];

export async function seedResources(
  db: Db,
  input: { today: Date; rng: Rng; users: ReadonlyMap<string, number>; cohort: readonly number[] },
): Promise<Map<string, number>> {
  const { today, rng, users, cohort } = input;
  const categories = await db
    .insertInto('resource_categories')
    .values(catalogue.map(([name, colour], i) => ({ name, colour, display_order: i + 1 })))
    .returning(['id', 'name'])
    .execute();
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const links = await db
    .insertInto('resource_links')
    .values(catalogue.flatMap(([category, , items]) => items.map(([display_name, url, description], i) => ({
      category_id: categoryId.get(category) ?? 0, display_name, url, description, display_order: i + 1,
    }))))
    .returning(['id', 'display_name'])
    .execute();
  const linkId = new Map(links.map((l) => [l.display_name, l.id]));
  const link = (name: string): number => {
    const id = linkId.get(name);
    if (id === undefined) throw new Error(`Seed: no resource link ${name}`);
    return id;
  };

  const openers = [idOf(users, 'student'), idOf(users, 'student2'), idOf(users, 'lecturer'), ...cohort];
  const opens: Insertable<ResourceLinkOpensTable>[] = [];
  const studentLinks = links.filter((l) => l.display_name !== 'Staff intranet');
  for (let i = 0; i < 600; i += 1) {
    const isPopular = rng.chance(0.6);
    const id = isPopular ? link(rng.pick(POPULAR)) : rng.pick(studentLinks).id;
    opens.push({ link_id: id, user_id: rng.pick(openers), opened_at: addMinutes(today, -rng.int(10, 28 * 24 * 60)) });
  }
  await insertInChunks(db, 'resource_link_opens', opens);

  const favourite = (userName: string, names: readonly string[]) =>
    names.map((name, i) => ({ user_id: idOf(users, userName), link_id: link(name), created_at: addMinutes(today, -(i + 2) * 24 * 60) }));
  await db
    .insertInto('favourite_resources')
    .values([
      ...favourite('student', ['Moodle', 'Library search', 'Connect to eduroam']),
      ...favourite('student2', ['Careers service']),
      ...favourite('lecturer', ['Staff intranet', 'Lecture recordings']),
    ])
    .execute();

  // Audience rules: the staff intranet is for teaching staff only (a link with rules is visible to
  // the users matching one of them); the others are there to be used in the admin area.
  const rules = await db
    .insertInto('audience_rules')
    .values([
      { name: 'Teaching staff', roles: ['TeachingStaff'], created_at: today },
      { name: 'Students', roles: ['Student'], created_at: today },
      { name: 'Final-year undergraduates', roles: ['Student'], study_levels: [3], created_at: today },
      { name: 'Administrators', roles: ['Administrator'], created_at: today },
    ])
    .returning(['id', 'name'])
    .execute();
  const teachingStaff = rules.find((r) => r.name === 'Teaching staff')?.id ?? 0;
  await db.insertInto('resource_link_rules').values({ link_id: link('Staff intranet'), rule_id: teachingStaff }).execute();
  return linkId;
}
