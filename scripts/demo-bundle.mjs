// `npm run demo:bundle -- out.zip [--large] [--students=N …]`: writes the demo university as an
// import bundle (../shared/IMPORT-FORMAT.md) for the clock's now, as the server would seed it:
// CLOCK_START's instant when it is set, otherwise the real time; the calendar settings
// (ACADEMIC_YEAR_START, TEACHING_WEEKS, TIME_ZONE) apply as they do to the server. `--large`
// writes the large benchmark university instead (35,000 students, 250,000 events, …); its sizes
// can be changed with --students=, --staff=, --modules=, --groups=, --enrolments=, --events=.
import { stat } from 'node:fs/promises';
import { register } from 'tsx/esm/api';

register();
const { loadConfig } = await import('../src/server/config.ts');
const { configureCalendar } = await import('../src/server/calendar/academicCalendar.ts');
const { clockFor } = await import('../src/server/clock.ts');
const { demoSeedInstant } = await import('../src/server/db/startup.ts');
const { generateDemoBundle, generateUniversity, writeBundleZip } = await import('../src/server/db/seed/bundle/index.ts');

const sizeFlags = { students: 'students', staff: 'staff', modules: 'modules', groups: 'groups', enrolments: 'enrolmentsTarget', events: 'eventsTarget' };

function parseArguments(args) {
  const paths = [];
  const sizes = {};
  let large = false;
  for (const arg of args) {
    const match = /^--([a-z]+)(?:=(\d+))?$/.exec(arg);
    if (arg === '--large') large = true;
    else if (match && match[2] !== undefined && match[1] in sizeFlags) sizes[sizeFlags[match[1]]] = Number(match[2]);
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else paths.push(arg);
  }
  if (paths.length !== 1) throw new Error('give one output path, e.g. npm run demo:bundle -- demo.zip');
  if (!large && Object.keys(sizes).length > 0) throw new Error('size options apply to --large only');
  return { outPath: paths[0], large, sizes };
}

try {
  const { outPath, large, sizes } = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  configureCalendar(config.calendar);
  const today = demoSeedInstant(config, clockFor(config));
  const started = performance.now();
  const bundle = large ? generateUniversity({ today, ...sizes }) : generateDemoBundle(today);
  await writeBundleZip(bundle, outPath, { mtime: today });
  const { size } = await stat(outPath);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${large ? 'large university' : 'demo university'} for ${today.toISOString()} written to ${outPath} (${(size / 1024).toFixed(0)} KiB, ${seconds} s)`);
} catch (error) {
  console.error(`demo:bundle: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
