import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_READY_YET } from './register.ts';
import {
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  type Harness,
} from './test-support/harness.ts';

/**
 * A registration whose users read model does not catch up within READ_YOUR_WRITES_MS
 * (docs/reliability.md, "Pool"): the read-your-writes wait answers false here, as it does when
 * the bound passes, and the users projection runs only when the test says so.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ waitForProjections: () => Promise.resolve(false) });
});
afterAll(async () => {
  await h?.close();
});

describe('a registration the read model has not caught up with', () => {
  it('tells the truth and sends the user to sign in; the account signs in once it caught up', async () => {
    const client = await h.client();
    const { res, email } = await registerUser(client, { displayName: 'Late Racer' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/login');
    const page = (await client.visit('/auth/login')).page();
    expect(page.props.flash).toMatchObject({ error: NOT_READY_YET });
    expect(await signedInUserId(client)).toBeNull();

    await h.project();
    const again = await h.client();
    const signIn = await send(again, 'POST', '/auth/login', { email, password: PASSWORD });
    expect(signIn.headers.get('location')).toBe('/');
    expect(await signedInUserId(again)).not.toBeNull();
  });
});
