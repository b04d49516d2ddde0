import { changeRole } from '../../../commands/users/handlers.ts';
import type { TestClient } from '../../test-support/client.ts';
import { registerUser, signedInUserId, type Harness } from './harness.ts';

/** A client signed in as a new member, or as a new admin (promoted through the user commands). */
export async function signedIn(
  h: Harness,
  role: 'member' | 'admin',
): Promise<{ client: TestClient; userId: string }> {
  const client = await h.client();
  await registerUser(client, { displayName: role === 'admin' ? 'Race Control' : 'Jane Racer' });
  const userId = (await signedInUserId(client))!;
  if (role === 'admin') {
    const outcome = await changeRole(
      { eventStore: h.store, knex: h.db.knex, keyring: h.accounts.keyring },
      userId,
      'admin',
    );
    await h.accounts.settle(outcome.position, ['users']);
  }
  return { client, userId };
}
