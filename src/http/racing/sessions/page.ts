import { getSession } from '../../../queries/racing/subsessions.ts';
import type { Props } from '../../../../web/pages/Sessions/Show.tsx';
import { seriesExists } from '../../../queries/racing/series.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { sessionIdParams } from './schema.ts';

/**
 * `/sessions/{id}`: one race time slot of a series and every split it had (strongest first),
 * each with its SoF, entries and winner. Unknown or malformed ids are a 404.
 */
export const showSession: RouteHandler = async (req, res, deps) => {
  const params = sessionIdParams.safeParse(req.params);
  if (!params.success) throw new HttpError(404, 'This page does not exist.');
  const session = await getSession(deps.knex, params.data.id);
  if (!session) throw new HttpError(404, 'This page does not exist.');
  const props: Props = {
    session: {
      id: session.sessionId,
      seriesId: session.seriesId,
      seriesName: session.seriesName,
      seriesPage: await seriesExists(deps.knex, session.seriesId),
      seasonId: session.seasonId,
      seasonName: session.seasonName,
      raceWeek: session.raceWeekNum + 1,
      startTime: session.startTime,
      timeSlot: session.timeSlot,
      trackName: session.track.trackName,
      configName: session.track.configName,
      category: session.category,
      numSplits: session.numSubsessions,
      numDrivers: session.numDrivers,
      maxStrengthOfField: session.maxStrengthOfField,
      minStrengthOfField: session.minStrengthOfField,
    },
    splits: session.subsessions.map((s, i) => ({
      split: i + 1,
      subsessionId: s.subsessionId,
      strengthOfField: s.strengthOfField,
      entries: s.fieldSize,
      winner: s.winner ? { id: s.winner.custId, name: s.winner.displayName } : null,
      winnerTeam: s.winner?.teamName ?? null,
      bestLap: s.eventBestLapTime,
      official: s.official,
    })),
  };
  await res.inertia.render('Sessions/Show', props);
};
