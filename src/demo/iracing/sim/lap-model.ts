import { TICKS_PER_SECOND } from '../../../domain/index.ts';

/**
 * How skill becomes lap time. An alien (skill 12,000) drives the class's reference lap; every
 * halving of skill costs about 1 % of lap time (deficit = 1.5 % · ln(12000 / skill)), so on a
 * 100 s lap a 1500 driver is ~3.1 s off the alien, a 3000 driver ~2.1 s and a 5000 driver ~1.3 s.
 */
const ALIEN_SKILL = 12_000;
const DEFICIT_PER_LOG = 0.015;

/** Ideal lap (ticks, 1/10000 s) of a driver of `skill` in a class of `paceFactor` on a track. */
export function idealLapTicks(
  referenceLapSeconds: number,
  paceFactor: number,
  skill: number,
): number {
  const deficit = DEFICIT_PER_LOG * Math.log(ALIEN_SKILL / Math.max(300, skill));
  return referenceLapSeconds * paceFactor * (1 + deficit) * TICKS_PER_SECOND;
}

/**
 * What happened on a lap, as bits of its event byte. Incidents: off track 1x, lost control 2x,
 * contact 4x. A caution lap is no incident, but like an incident lap it never counts as a best lap.
 */
export const LapEvent = {
  offTrack: 1,
  lostControl: 2,
  contact: 4,
  caution: 8,
} as const;

export function incidentPoints(events: number): number {
  return (
    (events & LapEvent.offTrack ? 1 : 0) +
    (events & LapEvent.lostControl ? 2 : 0) +
    (events & LapEvent.contact ? 4 : 0)
  );
}

/**
 * The API's lap flags (results/lap_data `flags`) and event names for an event byte. As in the
 * recorded lap data, an incident lap carries its event ("off track" = 0x4) but not the invalid
 * bit; results still leave it out of `best_lap_time`.
 */
export const API_LAP_FLAG = {
  invalid: 0x1,
  pitted: 0x2,
  offTrack: 0x4,
  carContact: 0x40,
  lostControl: 0x80,
} as const;

export function apiLapFlags(events: number): { flags: number; names: string[] } {
  let flags = 0;
  const names: string[] = [];
  if (events & LapEvent.offTrack) {
    flags |= API_LAP_FLAG.offTrack;
    names.push('off track');
  }
  if (events & LapEvent.lostControl) {
    flags |= API_LAP_FLAG.lostControl;
    names.push('lost control');
  }
  if (events & LapEvent.contact) {
    flags |= API_LAP_FLAG.carContact;
    names.push('car contact');
  }
  return { flags, names };
}
