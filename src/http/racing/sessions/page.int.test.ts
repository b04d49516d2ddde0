import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { subsessionStreamName } from '../../../events/racing.ts';
import { rebuildProjection } from '../../../projections/core/rebuild.ts';
import { racingProjections } from '../../../projections/racing/index.ts';
import { buildSubsession, raceRow } from '../../../projections/racing/testing.ts';
import type { Props } from '../../../../web/pages/Sessions/Show.tsx';
import { useApiTestServer } from '../test-support/api-server.ts';
import { DRIVERS, gt3Subsessions, TRACKS, UNKNOWN_ID } from '../test-support/racing-world.ts';

/**
 * /sessions/{id} against the racing world, with a third split added to one time slot: every
 * split is listed strongest first with its SoF, entries and winner.
 */

const api = useApiTestServer({ timeout: 120_000 });
const top = () => gt3Subsessions()[0]!;
const EXTRA_SPLIT = 79_999;
const extraWinner = DRIVERS[20]!;

beforeAll(async () => {
  const { knex, eventStore, logger } = api.server.db.runtime;
  const t = top();
  const data = buildSubsession({
    subsessionId: EXTRA_SPLIT,
    sessionId: t.sessionId,
    seriesId: t.seriesId,
    seriesName: t.seriesName,
    seasonId: t.seasonId,
    seasonName: t.seasonName,
    raceWeekNum: t.raceWeekNum,
    startTime: t.startTime,
    track: t.track,
    category: t.category,
    eventStrengthOfField: 1234,
    race: [
      raceRow(extraWinner.custId, 1, { displayName: extraWinner.displayName }),
      raceRow(DRIVERS[21]!.custId, 2, { displayName: DRIVERS[21]!.displayName }),
    ],
  });
  await eventStore.append(subsessionStreamName(EXTRA_SPLIT), [
    {
      id: randomUUID(),
      type: 'SubsessionResultsRecorded',
      data,
      metadata: { occurredAt: '2022-04-01T00:00:00.000Z' },
    },
  ]);
  for (const projection of racingProjections) {
    await rebuildProjection({ knex, eventStore, logger }, projection, {
      waitForLock: true,
    });
  }
}, 120_000);

describe('/sessions/{id}', () => {
  it('lists every split strongest first with SoF, entries and winner', async () => {
    const t = top();
    const res = await api.client.visit(`/sessions/${t.sessionId}`);
    expect(res.status).toBe(200);
    const page = res.page();
    expect(page.component).toBe('Sessions/Show');
    const props = page.props as unknown as Props;
    expect(props.session).toMatchObject({
      id: t.sessionId,
      seriesId: 210,
      seriesName: 'Global Fanatec Challenge',
      seriesPage: true,
      seasonId: t.seasonId,
      raceWeek: 1,
      timeSlot: '12:00',
      trackName: TRACKS[0].trackName,
      numSplits: 2,
      maxStrengthOfField: 2500,
      minStrengthOfField: 1234,
    });
    const winner = t.simsessions
      .find((s) => s.type === 'race')!
      .results.find((r) => r.finishPosition === 1)!;
    expect(props.splits).toEqual([
      {
        split: 1,
        subsessionId: t.subsessionId,
        strengthOfField: 2500,
        entries: 12,
        winner: { id: winner.custId, name: winner.displayName },
        winnerTeam: null,
        bestLap: null,
        official: true,
      },
      expect.objectContaining({
        split: 2,
        subsessionId: EXTRA_SPLIT,
        strengthOfField: 1234,
        entries: 2,
        winner: { id: extraWinner.custId, name: extraWinner.displayName },
      }),
    ]);
  });

  it('the subsession page names its split of the session', async () => {
    const res = await api.client.visit(`/subsessions/${EXTRA_SPLIT}`);
    expect(res.status).toBe(200);
    expect(
      (res.page().props as unknown as { subsession: { split: unknown } }).subsession.split,
    ).toEqual({
      number: 2,
      of: 2,
    });
  });

  it.each([
    ['an unknown id', `/sessions/${UNKNOWN_ID}`],
    ['letters', '/sessions/x1'],
    ['zero', '/sessions/0'],
    ['a fraction', '/sessions/1.5'],
    ['an id beyond 32 bits', '/sessions/99999999999'],
  ])('answers the NotFound page for %s', async (_label, url) => {
    const res = await api.client.visit(url);
    expect(res.status).toBe(404);
    expect(res.page().component).toBe('Public/NotFound');
  });
});
