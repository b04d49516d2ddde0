import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { TINY_PNG } from '../../tests/support/images.ts';
import { createSetup, updateSetup } from '../commands/setups/handlers.ts';
import { createTeam, deleteTeam, updateTeam } from '../commands/teams/handlers.ts';
import type { AppendedInfo } from '../commands/core/handle-command.ts';
import type { EventStore } from '../eventstore/port.ts';
import { demoSetupFile } from '../files/demo-setup-file.ts';
import { STORED_FILES_TABLE, storeFile, type FileKind } from '../files/store.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import { setupsProjection } from '../projections/setups/projection.ts';
import { teamsProjection } from '../projections/teams/projection.ts';
import { orphanFileJobHandlers, removeOrphanFiles, removeOrphanFilesJob } from './orphan-files.ts';

/**
 * The orphan-file cleanup on the real job system: a BullMQ worker runs `files.remove-orphans`,
 * which removes the stored files no setup and no team names any more once they are older than
 * the grace period; files still named, and young unnamed ones, stay.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({
    label: 'orphan-files',
    projections: [setupsProjection, teamsProjection],
    workers: { handlerFactories: [orphanFileJobHandlers] },
  });
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

const DAY = 86_400_000;

const deps = () => ({
  eventStore: db.runtime.eventStore,
  notifyAppended: (a: AppendedInfo) => db.runtime.jobs.notifyAppended(a.position, a.eventTypes),
});

let seed = 0;
async function stored(kind: FileKind) {
  const content =
    kind === 'setup'
      ? demoSetupFile({ seed: ++seed, carId: 1, trackId: 1, lines: [`setup ${seed}`] })
      : TINY_PNG;
  const ref = await storeFile(db.knex, {
    fileId: randomUUID(),
    kind,
    fileName: kind === 'setup' ? 'a.sto' : 'logo.png',
    mediaType: kind === 'setup' ? 'application/octet-stream' : 'image/png',
    content,
  });
  return kind === 'setup' ? ref : { ...ref, mediaType: 'image/png' as const };
}

const setupFields = {
  carId: 1,
  trackId: 1,
  type: 'race',
  author: 'Tester',
};

/** Makes files look stored `days` ago. */
const age = (fileIds: string[], days: number) =>
  db
    .knex(STORED_FILES_TABLE)
    .whereIn('id', fileIds)
    .update({ created_at: new Date(Date.now() - days * DAY) });

const present = async (ids: string[]) =>
  (await db.knex(STORED_FILES_TABLE).whereIn('id', ids).select('id')).map(
    (r: { id: string }) => r.id,
  );

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the condition did not hold within 30 s');
}

describe('the orphan stored-file cleanup job', () => {
  it('removes old files no setup or team names; named and young files stay', async () => {
    const kept = await stored('setup');
    const replaced = await stored('setup');
    const replacement = await stored('setup');
    const ofDeletedTeam = await stored('team_logo');
    const oldLogo = await stored('team_logo');
    const newLogo = await stored('team_logo');
    const neverNamed = await stored('setup');
    const young = await stored('setup');

    await createSetup(deps(), { ...setupFields, file: kept });
    const edited = await createSetup(deps(), { ...setupFields, file: replaced });
    await updateSetup(deps(), { setupId: edited.id, file: replacement });
    const gone = await createTeam(deps(), { name: 'Gone Team', logo: ofDeletedTeam });
    await deleteTeam(deps(), gone.teamId);
    const team = await createTeam(deps(), { name: 'Logo Team', logo: oldLogo });
    const last = await updateTeam(deps(), { teamId: team.teamId, logo: newLogo });
    expect(
      await waitForProjections(db.knex, ['setups', 'teams'], last.position!, {
        timeoutMs: 20_000,
      }),
    ).toBe(true);

    const old = [kept, replaced, replacement, ofDeletedTeam, oldLogo, newLogo, neverNamed];
    await age(
      old.map((f) => f.fileId),
      2,
    );
    await db.runtime.jobs.enqueue(removeOrphanFilesJob, {});
    await eventually(async () => (await present([neverNamed.fileId])).length === 0);

    const all = [...old, young].map((f) => f.fileId);
    expect((await present(all)).sort()).toEqual(
      [kept, replacement, newLogo, young].map((f) => f.fileId).sort(),
    );
  });

  it('removes nothing while a read model has not applied every setup or team event', async () => {
    const orphan = await stored('setup');
    await age([orphan.fileId], 2);
    const store = db.runtime.eventStore;
    // The log as it would read with one team event the projection has not applied yet.
    const lagging: EventStore = {
      ...store,
      readAll: (async () => ({
        events: [{ type: 'TeamUpdated' }],
        next: await store.headPosition(),
        isEnd: true,
      })) as unknown as EventStore['readAll'],
    };
    const report = await removeOrphanFiles({ knex: db.knex, eventStore: lagging }, new Date());
    expect(report).toEqual({
      kind: 'skipped',
      reason: 'setups has not applied every event yet',
    });
    expect(await present([orphan.fileId])).toEqual([orphan.fileId]);

    expect(await removeOrphanFiles({ knex: db.knex, eventStore: store }, new Date())).toEqual({
      kind: 'removed',
      removed: 1,
      bytes: orphan.byteSize,
    });
    expect(await present([orphan.fileId])).toEqual([]);
  });
});
