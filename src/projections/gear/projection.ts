import type { Knex } from 'knex';
import { gearEventTypes, type GearItemEvent } from '../../events/gear.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { GEAR_ITEMS_TABLE } from './tables.ts';

/**
 * The `gear` read model: /gears, /gears/{type}, /api/gears and the admin list. Upserts,
 * updates and deletes by key, so a rebuild from the log reproduces the same rows.
 */
export const gearProjection: Projection = {
  name: 'gear',
  version: 1,
  eventTypes: gearEventTypes,
  tables: [GEAR_ITEMS_TABLE],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${GEAR_ITEMS_TABLE} (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        brand text NOT NULL,
        model text NOT NULL,
        description text,
        price_min_usd integer,
        price_max_usd integer,
        url text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )
    `);
    // A type's list by brand and model (and the counts per type).
    await db.raw(
      `CREATE INDEX ${GEAR_ITEMS_TABLE}_type_idx ON ${GEAR_ITEMS_TABLE} (type, lower(brand), lower(model), id)`,
    );
  },

  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as RecordedEvent & GearItemEvent);
  },
};

async function applyOne(trx: Knex.Transaction, event: GearItemEvent): Promise<void> {
  switch (event.type) {
    case 'GearItemCreated': {
      const d = event.data;
      await trx(GEAR_ITEMS_TABLE)
        .insert({
          id: d.gearId,
          type: d.type,
          brand: d.brand,
          model: d.model,
          description: d.description,
          price_min_usd: d.priceMinUsd,
          price_max_usd: d.priceMaxUsd,
          url: d.url,
          created_at: d.createdAt,
          updated_at: d.createdAt,
        })
        .onConflict('id')
        .merge();
      return;
    }
    case 'GearItemUpdated': {
      const { gearId, changes: c, updatedAt } = event.data;
      await trx(GEAR_ITEMS_TABLE)
        .where({ id: gearId })
        .update({
          ...(c.type !== undefined ? { type: c.type } : {}),
          ...(c.brand !== undefined ? { brand: c.brand } : {}),
          ...(c.model !== undefined ? { model: c.model } : {}),
          ...(c.description !== undefined ? { description: c.description } : {}),
          ...(c.priceMinUsd !== undefined ? { price_min_usd: c.priceMinUsd } : {}),
          ...(c.priceMaxUsd !== undefined ? { price_max_usd: c.priceMaxUsd } : {}),
          ...(c.url !== undefined ? { url: c.url } : {}),
          updated_at: updatedAt,
        });
      return;
    }
    case 'GearItemDeleted':
      await trx(GEAR_ITEMS_TABLE).where({ id: event.data.gearId }).delete();
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
