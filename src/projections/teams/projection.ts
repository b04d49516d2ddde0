import type { Knex } from 'knex';
import { teamEventTypes, type TeamEvent } from '../../events/team.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { TEAM_MEMBERS_TABLE, TEAM_SLUG_REDIRECTS_TABLE, TEAMS_TABLE } from './tables.ts';

/**
 * The `teams` read model: /teams, /teams/{slug}, /api/teams and the admin list read it.
 *
 * - Every statement is an upsert, an update or a delete by key, so a batch is deterministic
 *   and a rebuild from the log reproduces the same rows.
 * - Members are rewritten as a whole when they change (a team has at most 200).
 * - A slug change moves the old slug into team_slug_redirects; a slug that becomes current
 *   again leaves it. Deleting a team deletes its rows and redirects (the write side frees its
 *   slugs at the same time).
 */
export const teamsProjection: Projection = {
  name: 'teams',
  version: 2,
  eventTypes: teamEventTypes,
  tables: [TEAMS_TABLE, TEAM_MEMBERS_TABLE, TEAM_SLUG_REDIRECTS_TABLE],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${TEAMS_TABLE} (
        id uuid PRIMARY KEY,
        slug text NOT NULL,
        name text NOT NULL,
        tag text,
        description text,
        links jsonb NOT NULL DEFAULT '[]'::jsonb,
        member_count integer NOT NULL DEFAULT 0,
        logo_file_id uuid,
        logo_sha256 text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT ${TEAMS_TABLE}_slug_key UNIQUE (slug)
      )
    `);
    await db.raw(`CREATE INDEX ${TEAMS_TABLE}_name_idx ON ${TEAMS_TABLE} (lower(name), id)`);
    // The logo route and the orphan-file cleanup look teams up by their logo file.
    await db.raw(
      `CREATE INDEX ${TEAMS_TABLE}_logo_idx ON ${TEAMS_TABLE} (logo_file_id) WHERE logo_file_id IS NOT NULL`,
    );
    await db.raw(`
      CREATE TABLE ${TEAM_MEMBERS_TABLE} (
        team_id uuid NOT NULL,
        cust_id integer NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (team_id, cust_id)
      )
    `);
    // A driver's teams (the driver page, the recruitment board).
    await db.raw(
      `CREATE INDEX ${TEAM_MEMBERS_TABLE}_cust_idx ON ${TEAM_MEMBERS_TABLE} (cust_id, team_id)`,
    );
    await db.raw(`
      CREATE TABLE ${TEAM_SLUG_REDIRECTS_TABLE} (
        slug text PRIMARY KEY,
        team_id uuid NOT NULL
      )
    `);
  },

  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as RecordedEvent & TeamEvent);
  },
};

async function writeMembers(trx: Knex.Transaction, teamId: string, custIds: readonly number[]) {
  await trx(TEAM_MEMBERS_TABLE).where({ team_id: teamId }).delete();
  if (custIds.length > 0) {
    await trx(TEAM_MEMBERS_TABLE).insert(
      custIds.map((cust_id, position) => ({ team_id: teamId, cust_id, position })),
    );
  }
}

async function applyOne(trx: Knex.Transaction, event: TeamEvent): Promise<void> {
  switch (event.type) {
    case 'TeamCreated': {
      const d = event.data;
      await trx(TEAMS_TABLE)
        .insert({
          id: d.teamId,
          slug: d.slug,
          name: d.name,
          tag: d.tag,
          description: d.description,
          links: JSON.stringify(d.links),
          member_count: d.memberCustIds.length,
          logo_file_id: d.logo?.fileId ?? null,
          logo_sha256: d.logo?.sha256 ?? null,
          created_at: d.createdAt,
          updated_at: d.createdAt,
        })
        .onConflict('id')
        .merge();
      await trx(TEAM_SLUG_REDIRECTS_TABLE).where({ slug: d.slug }).delete();
      await writeMembers(trx, d.teamId, d.memberCustIds);
      return;
    }
    case 'TeamUpdated': {
      const { teamId, changes, previousSlug, updatedAt } = event.data;
      await trx(TEAMS_TABLE)
        .where({ id: teamId })
        .update({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
          ...(changes.tag !== undefined ? { tag: changes.tag } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.links !== undefined ? { links: JSON.stringify(changes.links) } : {}),
          ...(changes.memberCustIds !== undefined
            ? { member_count: changes.memberCustIds.length }
            : {}),
          ...(changes.logo !== undefined
            ? {
                logo_file_id: changes.logo?.fileId ?? null,
                logo_sha256: changes.logo?.sha256 ?? null,
              }
            : {}),
          updated_at: updatedAt,
        });
      if (changes.slug !== undefined) {
        await trx(TEAM_SLUG_REDIRECTS_TABLE).where({ slug: changes.slug }).delete();
        if (previousSlug !== undefined) {
          await trx(TEAM_SLUG_REDIRECTS_TABLE)
            .insert({ slug: previousSlug, team_id: teamId })
            .onConflict('slug')
            .merge();
        }
      }
      if (changes.memberCustIds !== undefined) {
        await writeMembers(trx, teamId, changes.memberCustIds);
      }
      return;
    }
    case 'TeamDeleted': {
      const { teamId } = event.data;
      await trx(TEAM_MEMBERS_TABLE).where({ team_id: teamId }).delete();
      await trx(TEAM_SLUG_REDIRECTS_TABLE).where({ team_id: teamId }).delete();
      await trx(TEAMS_TABLE).where({ id: teamId }).delete();
      return;
    }
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
