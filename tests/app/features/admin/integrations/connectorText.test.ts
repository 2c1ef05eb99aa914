import { describe, expect, it } from 'vitest';
import type { Connector, ConnectorRun } from '../../../../../src/shared/contract/adminConnectors';
import { bodyOf, draftOf, emptyConnectorDraft } from '../../../../../src/app/features/admin/integrations/connectorDraft';
import { isRunOpen, runText, scheduleInWords } from '../../../../../src/app/features/admin/integrations/connectorText';

const run = (change: Partial<ConnectorRun>): ConnectorRun => ({
  rowId: 1, trigger: 'manual', state: 'applied', queuedAt: '2026-11-26T08:59:00+00:00', startedAt: '2026-11-26T09:00:00+00:00',
  finishedAt: '2026-11-26T09:01:00+00:00', message: null, importRowId: 7, ...change,
});

describe('scheduled pulls in words', () => {
  it('says the common cron shapes, and nothing for the rest', () => {
    expect(scheduleInWords('0 * * * *')).toBe('Every hour, at :00');
    expect(scheduleInWords('15 * * * *')).toBe('Every hour, at :15');
    expect(scheduleInWords('0 2 * * *')).toBe('Every day at 02:00');
    expect(scheduleInWords('*/15 * * * *')).toBe('Every 15 minutes');
    expect(scheduleInWords('30 6 * * 1-5')).toBe('On weekdays at 06:30');
    expect(scheduleInWords('0 22 * * 0,3')).toBe('On Sunday and Wednesday at 22:00');
    expect(scheduleInWords('* * * * *')).toBe('Every minute');
    for (const other of ['0 2 1 * *', '0 2 * 6 *', '0 9-17 * * *', 'every hour', '61 * * * *', '0 24 * * *', '0 2 * * MON']) {
      expect(scheduleInWords(other), other).toBeUndefined();
    }
  });

  it('says a run’s state and when it last moved; a waiting or working run is open', () => {
    expect(runText(null)).toBe('Never run');
    expect(runText(run({}))).toMatch(/^Applied, Thu 26 Nov 2026, \d\d:01$/);
    expect(runText(run({ state: 'queued', startedAt: null, finishedAt: null }))).toMatch(/^Waiting to start, Thu 26 Nov 2026, \d\d:59$/);
    expect(['queued', 'running', 'importing'].map((state) => isRunOpen(run({ state: state as ConnectorRun['state'] })))).toEqual([true, true, true]);
    expect(['applied', 'unchanged', 'needsReview', 'failed'].map((state) => isRunOpen(run({ state: state as ConnectorRun['state'] })))).toEqual([false, false, false, false]);
    expect(isRunOpen(null)).toBe(false);
  });
});

describe('the connector form’s body', () => {
  const stored: Connector = {
    rowId: 3, name: 'Records', kind: 'oneRoster', schedule: '0 2 * * *', isEnabled: true, hasSecret: true, nextRunAt: null, lastRun: null, runs: [],
    settings: { kind: 'oneRoster', baseUrl: 'https://sis.example/ims', tokenUrl: 'https://sis.example/token', clientId: 'cc', scope: null },
  };

  it('keeps a stored secret when none is typed, replaces it with a typed one, removes it only when asked', () => {
    const draft = draftOf(stored);
    expect(draft.secret).toBe('');
    expect(bodyOf(draft, true)).not.toHaveProperty('secret');
    expect(bodyOf({ ...draft, secret: 'new one' }, true)).toMatchObject({ secret: 'new one' });
    expect(bodyOf({ ...draft, removeSecret: true }, true)).toMatchObject({ secret: null });
    expect(bodyOf(draft, true)).toEqual({
      name: 'Records', schedule: '0 2 * * *', isEnabled: true,
      settings: { kind: 'oneRoster', baseUrl: 'https://sis.example/ims', tokenUrl: 'https://sis.example/token', clientId: 'cc', scope: null },
    });
  });

  it('sends an iCal connector’s template (blank as null) and its feed rows as typed, never a secret', () => {
    const draft = { ...emptyConnectorDraft, name: 'Feeds', urlTemplate: '  ', secret: 'ignored', feeds: [{ key: 0, classCode: ' GR1 ', url: 'https://t.example/gr1.ics' }, { key: 1, classCode: '', url: '' }] };
    expect(bodyOf(draft, false)).toEqual({
      name: 'Feeds', schedule: '0 * * * *', isEnabled: true,
      settings: { kind: 'ical', urlTemplate: null, feeds: [{ classCode: 'GR1', url: 'https://t.example/gr1.ics' }, { classCode: '', url: '' }] },
    });
  });
});
