import type { Knex } from 'knex';
import { renderMarkdown } from '../../content/markdown.ts';
import { proDriverEventTypes, type ProDriverEvent } from '../../events/pro-driver.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { PRO_DRIVER_GEAR_TABLE, PRO_DRIVERS_TABLE } from './tables.ts';

/**
 * The `pros` read model: /pros, /pros/{id}, /api/pros and the admin list read it. The bio is
 * rendered and sanitised here (src/content/markdown.ts), once per change. Upserts, updates and
 * deletes by key only, so a rebuild from the log reproduces the same rows. Bump `version` when
 * the DDL or the markdown rendering changes.
 */
export const prosProjection: Projection = {
  name: 'pros',
  version: 1,
  eventTypes: proDriverEventTypes,
  tables: [PRO_DRIVERS_TABLE, PRO_DRIVER_GEAR_TABLE],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${PRO_DRIVERS_TABLE} (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        cust_id integer,
        country_code text,
        background text,
        team_name text,
        bio_markdown text NOT NULL,
        bio_html text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )
    `);
    await db.raw(
      `CREATE INDEX ${PRO_DRIVERS_TABLE}_name_idx ON ${PRO_DRIVERS_TABLE} (lower(name), id)`,
    );
    await db.raw(`
      CREATE TABLE ${PRO_DRIVER_GEAR_TABLE} (
        pro_id uuid NOT NULL,
        gear_id uuid NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (pro_id, gear_id)
      )
    `);
    // The pros who use a gear item (the gear pages).
    await db.raw(
      `CREATE INDEX ${PRO_DRIVER_GEAR_TABLE}_gear_idx ON ${PRO_DRIVER_GEAR_TABLE} (gear_id, pro_id)`,
    );
  },

  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as RecordedEvent & ProDriverEvent);
  },
};

async function writeGear(trx: Knex.Transaction, proId: string, gearIds: readonly string[]) {
  await trx(PRO_DRIVER_GEAR_TABLE).where({ pro_id: proId }).delete();
  if (gearIds.length > 0) {
    await trx(PRO_DRIVER_GEAR_TABLE).insert(
      gearIds.map((gear_id, position) => ({ pro_id: proId, gear_id, position })),
    );
  }
}

async function applyOne(trx: Knex.Transaction, event: ProDriverEvent): Promise<void> {
  switch (event.type) {
    case 'ProDriverCreated': {
      const d = event.data;
      await trx(PRO_DRIVERS_TABLE)
        .insert({
          id: d.proId,
          name: d.name,
          cust_id: d.custId,
          country_code: d.countryCode,
          background: d.background,
          team_name: d.teamName,
          bio_markdown: d.bioMarkdown,
          bio_html: renderMarkdown(d.bioMarkdown),
          links: JSON.stringify(d.links),
          created_at: d.createdAt,
          updated_at: d.createdAt,
        })
        .onConflict('id')
        .merge();
      await writeGear(trx, d.proId, d.gearIds);
      return;
    }
    case 'ProDriverUpdated': {
      const { proId, changes: c, updatedAt } = event.data;
      await trx(PRO_DRIVERS_TABLE)
        .where({ id: proId })
        .update({
          ...(c.name !== undefined ? { name: c.name } : {}),
          ...(c.custId !== undefined ? { cust_id: c.custId } : {}),
          ...(c.countryCode !== undefined ? { country_code: c.countryCode } : {}),
          ...(c.background !== undefined ? { background: c.background } : {}),
          ...(c.teamName !== undefined ? { team_name: c.teamName } : {}),
          ...(c.bioMarkdown !== undefined
            ? { bio_markdown: c.bioMarkdown, bio_html: renderMarkdown(c.bioMarkdown) }
            : {}),
          ...(c.links !== undefined ? { links: JSON.stringify(c.links) } : {}),
          updated_at: updatedAt,
        });
      if (c.gearIds !== undefined) await writeGear(trx, proId, c.gearIds);
      return;
    }
    case 'ProDriverDeleted':
      await trx(PRO_DRIVER_GEAR_TABLE).where({ pro_id: event.data.proId }).delete();
      await trx(PRO_DRIVERS_TABLE).where({ id: event.data.proId }).delete();
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
