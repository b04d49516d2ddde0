import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { recruitmentStreamName } from '../../events/recruitment.ts';
import { DomainError } from '../core/errors.ts';
import { TOO_MANY_OPEN } from './decider.ts';
import { runRecruitmentCommand } from './handlers.ts';

/**
 * The three-open-profiles rule holds on the real event store even when a member's creates race:
 * they share the member's stream, so the append's expected revision lets only three through.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const fields = {
  kind: 'driver' as const,
  title: 'Driver looking for a team',
  description: 'Clean and consistent, looking for regular practice and races.',
  categories: ['oval' as const],
  availability: { timeZone: 'UTC', days: ['mon' as const], format: 'both' as const },
  languages: ['en'],
  custId: 4242,
};

const create = (ownerId: string) =>
  runRecruitmentCommand(
    { eventStore: db.runtime.eventStore, retry: { maxAttempts: 10 } },
    ownerId,
    {
      type: 'CreateRecruitmentProfile',
      data: { profileId: randomUUID(), ownerId, ...fields },
    },
  );

describe('recruitment commands on the event store', () => {
  it('lets exactly three of four racing creates through and refuses the fourth with the message', async () => {
    const ownerId = randomUUID();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => create(ownerId)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as DomainError;
    expect(reason).toBeInstanceOf(DomainError);
    expect(reason.code).toBe('too_many_open_profiles');
    expect(reason.message).toBe(TOO_MANY_OPEN);
    const stream = await db.runtime.eventStore.readStream(recruitmentStreamName(ownerId));
    expect(stream.map((e) => e.type)).toEqual(Array(3).fill('RecruitmentProfileCreated'));
  });

  it('refuses an owner id that is not a member id, appending nothing', async () => {
    await expect(create('not-a-uuid')).rejects.toMatchObject({ kind: 'validation' });
  });
});
