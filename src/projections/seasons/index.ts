import type { Knex } from 'knex';
import type { ScheduleWeek, SeasonScheduledData } from '../../events/racing/catalog.ts';
import type { PayloadEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { col, insertRows, setExcluded, type Column } from '../racing/bulk.ts';
import { createSeasonTables, SEASON_WEEKS_TABLE, SEASONS_TABLE } from './tables.ts';

export { SEASON_WEEKS_TABLE, SEASONS_TABLE } from './tables.ts';

const seasonColumns: Column<SeasonScheduledData>[] = [
  col('season_id', 'int4', (s) => s.seasonId),
  col('series_id', 'int4', (s) => s.seriesId),
  col('series_name', 'text', (s) => s.seriesName),
  col('season_name', 'text', (s) => s.seasonName),
  col('season_short_name', 'text', (s) => s.seasonShortName),
  col('season_year', 'int2', (s) => s.seasonYear),
  col('season_quarter', 'int2', (s) => s.seasonQuarter),
  col('category', 'text', (s) => s.category),
  col('official', 'bool', (s) => s.official),
  col('active', 'bool', (s) => s.active),
  col('complete', 'bool', (s) => s.complete),
  col('license_group', 'int2', (s) => s.licenseGroup),
  col('multiclass', 'bool', (s) => s.multiclass),
  col('fixed_setup', 'bool', (s) => s.fixedSetup),
  col('max_weeks', 'int2', (s) => s.maxWeeks),
  col('start_date', 'date', (s) => s.startDate),
  col('car_class_ids', 'jsonb', (s) => s.carClassIds),
  col('schedule_description', 'text', (s) => s.scheduleDescription),
];

type WeekRow = ScheduleWeek & { seasonId: number };

const weekColumns: Column<WeekRow>[] = [
  col('season_id', 'int4', (w) => w.seasonId),
  col('race_week_num', 'int2', (w) => w.raceWeekNum),
  col('start_date', 'date', (w) => w.startDate),
  col('track_id', 'int4', (w) => w.track.trackId),
  col('track_name', 'text', (w) => w.track.trackName),
  col('config_name', 'text', (w) => w.track.configName),
  col('category', 'text', (w) => w.track.category),
  col('race_lap_limit', 'int4', (w) => w.raceLapLimit),
  col('race_time_limit_minutes', 'int4', (w) => w.raceTimeLimitMinutes),
  col('time_slots', 'jsonb', (w) => w.timeSlots),
  col('start_type', 'text', (w) => w.startType),
];

/** Each SeasonScheduled replaces the season's row and its whole schedule (weeks may be dropped). */
export const seasonsProjection: Projection = {
  name: 'racing_seasons',
  version: 1,
  // Folds only the events' payload: the runner reads its batches with fields: 'payload'.
  reads: 'payload',
  eventTypes: ['SeasonScheduled'],
  tables: [SEASONS_TABLE, SEASON_WEEKS_TABLE],
  createTables: createSeasonTables,
  async apply(trx: Knex.Transaction, events: readonly PayloadEvent[]) {
    const latest = new Map<number, SeasonScheduledData>();
    for (const e of events) {
      if (e.type !== 'SeasonScheduled') continue;
      const d = e.data as SeasonScheduledData;
      latest.set(d.seasonId, d);
    }
    if (latest.size === 0) return;
    const seasons = [...latest.values()];
    await insertRows(
      trx,
      SEASONS_TABLE,
      seasonColumns,
      seasons,
      `ON CONFLICT (season_id) DO UPDATE SET ${setExcluded(seasonColumns, ['season_id'])}`,
    );
    await trx.raw(`DELETE FROM ${SEASON_WEEKS_TABLE} WHERE season_id = ANY(?::int4[])`, [
      [...latest.keys()],
    ]);
    const weeks = new Map<string, WeekRow>();
    for (const s of seasons) {
      for (const w of s.weeks)
        weeks.set(`${s.seasonId}:${w.raceWeekNum}`, { ...w, seasonId: s.seasonId });
    }
    await insertRows(trx, SEASON_WEEKS_TABLE, weekColumns, [...weeks.values()]);
  },
};
