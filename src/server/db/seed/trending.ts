import type { Db } from '../database.js';
import { londonDate, londonInstant } from './calendar.js';
import { addLocalDays } from '../../../shared/rules/absences/dates.js';
import { idOf } from './people.js';

/** Local trending items (news and events), published over the last few weeks, and favourites. */

const NEWS = 'https://campus.example.ac.uk/news';

/** [days ago, slug, title, summary] */
const items: readonly [number, string, string, string][] = [
  [1, 'library-24-hours', 'Library opens 24 hours for exam season',
    'The Library and Learning Centre stays open around the clock until the end of exams, with extra quiet study spaces on floor 2.'],
  [2, 'hackathon', 'Sign up for the spring hackathon',
    'Teams of up to four have 24 hours to build something useful for campus. Food, prizes and mentors from local tech firms.'],
  [3, 'careers-fair', 'Careers fair: 60 employers on campus',
    'Meet graduate recruiters and placement providers in the Science Hub atrium. Bring your CV and your questions.'],
  [5, 'wellbeing-week', 'Wellbeing week: yoga, dogs and free breakfast',
    'A week of activities to help you take a break, from therapy dogs in the library to free porridge every morning.'],
  [7, 'bus-timetable', 'New bus timetable between campus and the city',
    'Buses now run every 8 minutes at peak times, and later on Friday and Saturday nights.'],
  [9, 'green-campus', 'Campus named one of the greenest in the UK',
    'Solar panels on the Engineering Building and new cycle storage helped the university climb the sustainability league table.'],
  [12, 'sports-awards', 'Nominations open for the sports awards',
    'Nominate a team-mate, coach or club for this year\u2019s awards night at the Students\u2019 Union.'],
  [16, 'robotics-lab', 'New robotics lab opens in the Engineering Building',
    'Students can book time on industrial robot arms and drones in lab 2.10, with training sessions every Wednesday.'],
  [20, 'volunteering', 'Volunteer with local schools',
    'Share your love of your subject with pupils in Bath and earn a volunteering award at the same time.'],
  [25, 'feedback-survey', 'Have your say in the student survey',
    'Tell us what works and what does not. Every completed survey enters a prize draw for a tablet.'],
];

export async function seedTrending(db: Db, today: Date, users: ReadonlyMap<string, number>): Promise<void> {
  const day = londonDate(today);
  const inserted = await db
    .insertInto('trending_items')
    .values(items.map(([daysAgo, slug, title, summary]) => ({
      title, summary,
      url: `${NEWS}/${slug}`,
      // Served by the app itself (public/trending), so the demo's pictures show offline too.
      image_url: `/trending/${slug}.svg`,
      published_at: londonInstant(addLocalDays(day, -daysAgo), '09:30'),
      source: 'local' as const,
      external_id: `local-${slug}`,
    })))
    .returning(['id', 'external_id'])
    .execute();
  const byExternal = new Map(inserted.map((item) => [item.external_id, item.id]));
  const favourite = (userName: string, slug: string) => ({
    user_id: idOf(users, userName),
    trending_item_id: byExternal.get(`local-${slug}`) ?? 0,
    created_at: londonInstant(day, '08:00') < today ? londonInstant(day, '08:00') : today,
  });
  await db
    .insertInto('favourite_trending')
    .values([favourite('student', 'hackathon'), favourite('student', 'careers-fair'), favourite('student2', 'library-24-hours')])
    .execute();
}
