import type { RecordedEvent } from '../../eventstore/port.ts';
import type { DriverProfileData } from '../../events/racing/drivers.ts';
import type {
  DriverResult,
  SimsessionResults,
  SubsessionResultsData,
} from '../../events/racing/results.ts';

/**
 * One batch of racing events, reduced to what the result read models need:
 *  - the LAST result per subsession in log order (a Recorded and a Corrected of the same
 *    subsession in one batch collapse to the correction), so every table sees each subsession
 *    once per batch and multi-row upserts never touch a row twice;
 *  - driver profiles in log order, each stamped with the time it was observed.
 *
 * Payloads are trusted as typed: the event store validated them on append and upcasts them on
 * read, so projections skip a second zod parse (it would dominate rebuild time).
 */
export interface RacingBatch {
  readonly subsessions: readonly SubsessionFacts[];
  /**
   * Every result event of the batch in log order, superseded ones included: facts about drivers
   * (ratings, names) are kept from every result ever recorded, so the outcome must not depend on
   * whether a recording and its correction fell into the same batch.
   */
  readonly allResults: readonly SubsessionResultsData[];
  readonly profiles: readonly { data: DriverProfileData; asOf: string }[];
}

export interface SubsessionFacts {
  readonly data: SubsessionResultsData;
  /** The simsession that decides the event: the main race (number 0 / highest race), else the last one. */
  readonly primary: SimsessionResults | null;
  /** "HH:MM" UTC of the start: the time slot the race belongs to. */
  readonly timeSlot: string;
  /** Distinct drivers of the primary simsession. */
  readonly numDrivers: number;
  readonly winner: DriverResult | null;
}

export function toRacingBatch(events: readonly RecordedEvent[]): RacingBatch {
  const latest = new Map<number, SubsessionResultsData>();
  const all: SubsessionResultsData[] = [];
  const profiles: { data: DriverProfileData; asOf: string }[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'SubsessionResultsRecorded':
      case 'SubsessionResultsCorrected': {
        const data = e.data as SubsessionResultsData;
        all.push(data);
        latest.delete(data.subsessionId); // re-insert so Map order follows the last occurrence
        latest.set(data.subsessionId, data);
        break;
      }
      case 'DriverProfileRecorded':
        profiles.push({ data: e.data as DriverProfileData, asOf: e.metadata.occurredAt });
        break;
      default:
        break;
    }
  }
  return { subsessions: [...latest.values()].map(subsessionFacts), allResults: all, profiles };
}

export function primarySimsession(data: SubsessionResultsData): SimsessionResults | null {
  let best: SimsessionResults | null = null;
  const isRace = data.eventType === 'race';
  for (const s of data.simsessions) {
    if (isRace && s.type !== 'race') continue;
    if (!best || s.simsessionNumber > best.simsessionNumber) best = s;
  }
  if (!best && isRace) {
    for (const s of data.simsessions)
      if (!best || s.simsessionNumber > best.simsessionNumber) best = s;
  }
  return best;
}

export function timeSlotOf(isoStart: string): string {
  const d = new Date(isoStart);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

function subsessionFacts(data: SubsessionResultsData): SubsessionFacts {
  const primary = primarySimsession(data);
  const custs = new Set<number>();
  let winner: DriverResult | null = null;
  for (const r of primary?.results ?? []) {
    custs.add(r.custId);
    if (r.finishPosition === 1 && !winner) winner = r;
  }
  return { data, primary, timeSlot: timeSlotOf(data.startTime), numDrivers: custs.size, winner };
}
