import type { Knex } from 'knex';
import {
  recruitmentEventTypes,
  type RecruitmentEvent,
  type RecruitmentProfileFields,
} from '../../events/recruitment.ts';
import type { UserDeleted } from '../../events/user.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { RECRUITMENT_PROFILES_TABLE as T } from './tables.ts';

/**
 * The `recruitment` read model: the board's lists, a profile's page, a member's own profiles,
 * the JSON API and the expiry job read it (docs/recruitment.md).
 *
 * - Every statement is an upsert, an update or a delete by key, so a rebuild from the log
 *   reproduces the same rows.
 * - A deleted profile's row is removed; `UserDeleted` removes every profile of the account (its
 *   sealed contact is unreadable from then on anyway: the data key is gone).
 */
export const recruitmentProjection: Projection = {
  name: 'recruitment',
  version: 2,
  eventTypes: [...recruitmentEventTypes, 'UserDeleted'],
  tables: [T],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${T} (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        kind text NOT NULL,
        status text NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        categories text[] NOT NULL,
        series_ids integer[] NOT NULL,
        time_zone text NOT NULL,
        days text[] NOT NULL,
        race_format text NOT NULL,
        languages text[] NOT NULL,
        contact_sealed text,
        cust_id integer,
        team_id uuid,
        requirements jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        closed_at timestamptz,
        close_reason text
      )
    `);
    // The board: open profiles of a kind, newest first (keyset on created_at, id).
    await db.raw(
      `CREATE INDEX ${T}_board_idx ON ${T} (kind, created_at DESC, id DESC) WHERE status = 'open'`,
    );
    await db.raw(`CREATE INDEX ${T}_owner_idx ON ${T} (owner_id, created_at DESC)`);
    // The expiry job: open profiles by the time they close.
    await db.raw(`CREATE INDEX ${T}_expiry_idx ON ${T} (expires_at) WHERE status = 'open'`);
    await db.raw(`CREATE INDEX ${T}_categories_idx ON ${T} USING gin (categories)`);
    await db.raw(`CREATE INDEX ${T}_languages_idx ON ${T} USING gin (languages)`);
    await db.raw(`CREATE INDEX ${T}_cust_idx ON ${T} (cust_id) WHERE cust_id IS NOT NULL`);
    // A catalog team's open profiles (its team page), newest first.
    await db.raw(
      `CREATE INDEX ${T}_team_idx ON ${T} (team_id, created_at DESC, id DESC) WHERE status = 'open'`,
    );
  },

  async apply(trx, events) {
    for (const event of events)
      await applyOne(trx, event as RecordedEvent & (RecruitmentEvent | UserDeleted));
  },
};

/** The columns of a profile's fields (all of them, or only those present in an edit). */
function fieldColumns(f: Partial<RecruitmentProfileFields>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.title !== undefined) out.title = f.title;
  if (f.description !== undefined) out.description = f.description;
  if (f.categories !== undefined) out.categories = f.categories;
  if (f.seriesIds !== undefined) out.series_ids = f.seriesIds;
  if (f.availability !== undefined) {
    out.time_zone = f.availability.timeZone;
    out.days = f.availability.days;
    out.race_format = f.availability.format;
  }
  if (f.languages !== undefined) out.languages = f.languages;
  if (f.contact !== undefined) out.contact_sealed = f.contact;
  if (f.custId !== undefined) out.cust_id = f.custId;
  if (f.teamId !== undefined) out.team_id = f.teamId;
  if (f.requirements !== undefined) out.requirements = JSON.stringify(f.requirements);
  return out;
}

async function applyOne(
  trx: Knex.Transaction,
  event: RecruitmentEvent | UserDeleted,
): Promise<void> {
  switch (event.type) {
    case 'RecruitmentProfileCreated': {
      const { profileId, ownerId, kind, createdAt, expiresAt, ...fields } = event.data;
      await trx(T)
        .insert({
          id: profileId,
          owner_id: ownerId,
          kind,
          status: 'open',
          ...fieldColumns(fields),
          created_at: createdAt,
          updated_at: createdAt,
          expires_at: expiresAt,
          closed_at: null,
          close_reason: null,
        })
        .onConflict('id')
        .merge();
      return;
    }
    case 'RecruitmentProfileEdited': {
      const { profileId, changes, editedAt } = event.data;
      await trx(T)
        .where({ id: profileId })
        .update({ ...fieldColumns(changes), updated_at: editedAt });
      return;
    }
    case 'RecruitmentProfileRenewed': {
      const { profileId, renewedAt, expiresAt } = event.data;
      await trx(T).where({ id: profileId }).update({
        status: 'open',
        expires_at: expiresAt,
        closed_at: null,
        close_reason: null,
        updated_at: renewedAt,
      });
      return;
    }
    case 'RecruitmentProfileClosed': {
      const { profileId, reason, closedAt } = event.data;
      await trx(T).where({ id: profileId }).update({
        status: 'closed',
        closed_at: closedAt,
        close_reason: reason,
        updated_at: closedAt,
      });
      return;
    }
    case 'RecruitmentProfileDeleted':
      await trx(T).where({ id: event.data.profileId }).delete();
      return;
    case 'UserDeleted':
      await trx(T).where({ owner_id: event.data.userId }).delete();
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
