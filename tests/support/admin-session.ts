import type { Knex } from 'knex';
import { changeRole, registerUser } from '../../src/commands/users/handlers.ts';
import type { CommandDeps } from '../../src/commands/core/handle-command.ts';
import type { EventStore, Position } from '../../src/eventstore/port.ts';
import type { Accounts } from '../../src/http/auth/accounts.ts';
import type { TestClient } from '../../src/http/test-support/client.ts';

/**
 * Signs a test client in as a user of a given role through the real paths: the account is
 * registered with the users commands (as `npm run` tooling or the register form would), an
 * admin is then promoted with `changeRole`, the users read model is brought up to date, and
 * the client signs in with the real POST /auth/login (session cookie + CSRF, like a browser).
 */
export interface SignInDeps {
  knex: Knex;
  eventStore: EventStore;
  /** The app's accounts area (its PII keyring and password hasher). */
  accounts: Pick<Accounts, 'keyring' | 'hasher'>;
  /** Wakes the projections after an append (the job system's notifyAppended), if any. */
  notifyAppended?: CommandDeps['notifyAppended'];
  /** Resolves once the `users` read model has passed `position`. */
  usersCaughtUp(position: Position): Promise<void>;
}

export interface SignedInUser {
  userId: string;
  email: string;
  password: string;
}

let counter = 0;

export async function signInAs(
  client: TestClient,
  deps: SignInDeps,
  role: 'member' | 'admin',
): Promise<SignedInUser> {
  const email = `${role}.${process.pid}.${++counter}@example.com`;
  const password = 'correct horse battery staple';
  const commandDeps = {
    eventStore: deps.eventStore,
    knex: deps.knex,
    keyring: deps.accounts.keyring,
    ...(deps.notifyAppended ? { notifyAppended: deps.notifyAppended } : {}),
  };
  const registered = await registerUser(commandDeps, {
    email,
    displayName: role === 'admin' ? 'Race Control' : 'Jane Racer',
    passwordHash: await deps.accounts.hasher.hash(password),
  });
  let position = registered.position;
  if (role === 'admin') {
    position = (await changeRole(commandDeps, registered.userId, 'admin')).position;
  }
  if (position) await deps.usersCaughtUp(position);

  if (!client.cookie('XSRF-TOKEN')) await client.get('/auth/login');
  const res = await client.request('/auth/login', {
    method: 'POST',
    inertia: true,
    csrf: true,
    body: { email, password },
  });
  if (res.status !== 303 && res.status !== 302) {
    throw new Error(`sign-in as ${role} failed: ${res.status} ${res.text.slice(0, 300)}`);
  }
  // A plain GET (not an Inertia visit), so it works whatever asset version the app serves.
  const page = (await client.get('/')).page();
  const user = (page.props.auth as { user: { id: string; role: string } | null }).user;
  if (user?.id !== registered.userId || user.role !== role) {
    throw new Error(`sign-in as ${role} did not stick: ${JSON.stringify(user)}`);
  }
  return { userId: registered.userId, email, password };
}

export const signInAsAdmin = (client: TestClient, deps: SignInDeps) =>
  signInAs(client, deps, 'admin');
