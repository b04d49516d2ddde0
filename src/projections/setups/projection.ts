import type { Knex } from 'knex';
import { setupEventTypes, type SetupEvent } from '../../events/setup.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { SETUPS_TABLE } from './tables.ts';

/**
 * The `setups` read model: /setups, /setups/{id}, /api/setups, the series' setups view and the
 * admin list. Upserts, updates and deletes by key, so a rebuild from the log reproduces the same
 * rows.
 */
export const setupsProjection: Projection = {
  name: 'setups',
  version: 1,
  eventTypes: setupEventTypes,
  tables: [SETUPS_TABLE],
  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${SETUPS_TABLE} (
        id uuid PRIMARY KEY,
        car_id integer NOT NULL,
        track_id integer NOT NULL,
        series_id integer,
        season_id integer,
        type text NOT NULL,
        lap_time integer,
        conditions text,
        notes text,
        author text NOT NULL,
        file_id uuid NOT NULL,
        file_name text NOT NULL,
        file_size integer NOT NULL,
        file_sha256 text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )
    `);
    // The list's filters (car, track, series) and its default order (newest first).
    await db.raw(`CREATE INDEX ${SETUPS_TABLE}_car_idx ON ${SETUPS_TABLE} (car_id, track_id)`);
    await db.raw(`CREATE INDEX ${SETUPS_TABLE}_track_idx ON ${SETUPS_TABLE} (track_id)`);
    await db.raw(`CREATE INDEX ${SETUPS_TABLE}_series_idx ON ${SETUPS_TABLE} (series_id)`);
    await db.raw(
      `CREATE INDEX ${SETUPS_TABLE}_created_idx ON ${SETUPS_TABLE} (created_at DESC, id)`,
    );
  },
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as RecordedEvent & SetupEvent);
  },
};

type Changes = Extract<SetupEvent, { type: 'SetupUpdated' }>['data']['changes'];

function columns(c: Changes): Record<string, unknown> {
  return {
    ...(c.carId !== undefined ? { car_id: c.carId } : {}),
    ...(c.trackId !== undefined ? { track_id: c.trackId } : {}),
    ...(c.seriesId !== undefined ? { series_id: c.seriesId } : {}),
    ...(c.seasonId !== undefined ? { season_id: c.seasonId } : {}),
    ...(c.type !== undefined ? { type: c.type } : {}),
    ...(c.lapTime !== undefined ? { lap_time: c.lapTime } : {}),
    ...(c.conditions !== undefined ? { conditions: c.conditions } : {}),
    ...(c.notes !== undefined ? { notes: c.notes } : {}),
    ...(c.author !== undefined ? { author: c.author } : {}),
    ...(c.file !== undefined
      ? {
          file_id: c.file.fileId,
          file_name: c.file.fileName,
          file_size: c.file.byteSize,
          file_sha256: c.file.sha256,
        }
      : {}),
  };
}

async function applyOne(trx: Knex.Transaction, event: SetupEvent): Promise<void> {
  switch (event.type) {
    case 'SetupCreated': {
      const { setupId, createdAt, ...fields } = event.data;
      await trx(SETUPS_TABLE)
        .insert({ id: setupId, ...columns(fields), created_at: createdAt, updated_at: createdAt })
        .onConflict('id')
        .merge();
      return;
    }
    case 'SetupUpdated': {
      const { setupId, changes, updatedAt } = event.data;
      await trx(SETUPS_TABLE)
        .where({ id: setupId })
        .update({ ...columns(changes), updated_at: updatedAt });
      return;
    }
    case 'SetupDeleted':
      await trx(SETUPS_TABLE).where({ id: event.data.setupId }).delete();
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
