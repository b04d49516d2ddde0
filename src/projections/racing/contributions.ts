import type { SubsessionFacts } from './batch.ts';
import type { ContributionEntry, SubsessionContribution } from './part.ts';

/** The contribution of a subsession as the batch states it (see SubsessionContribution). */
export function contributionOf(s: SubsessionFacts): SubsessionContribution {
  const d = s.data;
  return {
    subsessionId: d.subsessionId,
    sessionId: d.sessionId,
    seasonId: d.seasonId,
    seriesId: d.seriesId,
    seriesName: d.seriesName,
    seasonYear: d.seasonYear,
    raceWeekNum: d.raceWeekNum,
    trackId: d.track.trackId,
    trackName: d.track.trackName,
    configName: d.track.configName,
    category: d.category,
    eventType: d.eventType,
    startTime: d.startTime,
    timeSlot: s.timeSlot,
    entries: (s.primary?.results ?? []).map((r) => ({
      custId: r.custId,
      displayName: r.displayName,
      countryCode: r.countryCode,
      teamId: r.teamId,
      carId: r.carId,
      carName: r.carName,
      simsessionType: s.primary?.type ?? 'race',
      finishPositionInClass: r.finishPositionInClass,
      startingPositionInClass: r.startingPositionInClass,
      lapsComplete: r.lapsComplete,
      lapsLed: r.lapsLed,
      incidents: r.incidents,
      bestLapTime: r.bestLapTime,
      averageLap: r.averageLap,
      oldIrating: r.oldIrating,
    })),
  };
}

/**
 * A start counts for a driver when the subsession is a race event and the row belongs to its race
 * simsession; in team events only drivers who drove at least one lap get the team's result.
 * Leaderboards and lap times count the same starts.
 */
export function countsAsStart(c: SubsessionContribution, e: ContributionEntry): boolean {
  return (
    c.eventType === 'race' &&
    e.simsessionType === 'race' &&
    (e.teamId === null || e.lapsComplete > 0)
  );
}
