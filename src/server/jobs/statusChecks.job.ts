import { readPingdomChecks } from '../realtime/pingdom.js';
import { runCheck } from '../realtime/statusChecks.js';
import { expireMaintenance, recordCheckResult, recordReportedState, syncServices } from '../realtime/statusStore.js';
import type { IntervalJob } from './jobDefinition.js';

/**
 * Checks every monitored service once per STATUS_CHECK_SECONDS (one run per period across all
 * instances) and stores what changed; the store announces changes to every instance's feed.
 * With PINGDOM_API_TOKEN the states are read from Pingdom instead of checked here.
 */
export const statusChecksJob: IntervalJob = {
  name: 'status.checks',
  everySeconds: (config) => config.status.checkSeconds,
  run: async ({ config, db, now }) => {
    const token = config.status.pingdomApiToken;
    if (token) {
      const readings = await readPingdomChecks(token, now());
      await syncServices(db, readings.map((reading) => reading.service), now());
      for (const reading of readings) await recordReportedState(db, reading.service, reading.state, reading.responseTimeMs, reading.checkedAt);
    } else {
      const checks = config.status.checks;
      await syncServices(db, checks, now());
      const results = await Promise.all(checks.map(async (check) => ({ check, result: await runCheck(check) })));
      for (const { check, result } of results) await recordCheckResult(db, check.id, result, now());
    }
    await expireMaintenance(db, now());
  },
};
