import { catchUpTo } from '../app/catch-up.ts';
import { configOrExit, openRuntime } from '../app/runtime.ts';
import { isDomainError } from '../commands/core/errors.ts';
import { changeRole, type UserCommandDeps } from '../commands/users/handlers.ts';
import { emailRule } from '../commands/users/rules.ts';
import type { Config } from '../config.ts';
import type { Knex } from '../db/knex.ts';
import { PiiKeyring, resolvePiiMasterSecret, setPiiKeyring } from '../events/user-pii.ts';
import type { UserRole } from '../events/user.ts';
import type { Position } from '../eventstore/index.ts';
import { usersProjection } from '../projections/users/projection.ts';
import { findUserIdByEmailHash, listUsers } from '../queries/users.ts';
import { runMain } from './output.ts';

const USAGE = `Usage: npm run users -- <command>

  promote <email>       make the account an admin
  demote <email>        make the account a member again
  list [--page <n>]     the accounts, newest first (25 a page)

A role change takes effect on the user's next request: the session gets a new id and the new
role. Uses DATABASE_URL (and EVENTSTORE_URL) when set; otherwise the embedded PostgreSQL of
\`npm start\`. PII_MASTER_KEY / SESSION_SECRET must be those of the web process (emails are
looked up by their keyed hash).`;

/** A mistake in the command line: printed with the usage, exit code 2. */
class UsageError extends Error {}

export interface UsersCli {
  deps: UserCommandDeps;
  knex: Knex;
  /** Brings the users read model up to `target` (or to what is visible now). */
  catchUp(target?: Position | null): Promise<void>;
  close(): Promise<void>;
}

/** Opens the 'cli' runtime (database migrated, event store) and the PII keyring of this configuration. */
export async function openUsersCli(config: Config = configOrExit(2)): Promise<UsersCli> {
  const rt = await openRuntime(config, { role: 'cli', pools: { knex: 3, eventStore: 2 } });
  const keyring = new PiiKeyring(resolvePiiMasterSecret(config));
  setPiiKeyring(keyring);
  return {
    deps: { ...rt.commandDeps({ type: 'system', id: 'cli' }), knex: rt.knex, keyring },
    knex: rt.knex,
    catchUp: (target) => catchUpTo(rt, [usersProjection], target),
    close: () => rt.close(),
  };
}

async function setRole(
  cli: UsersCli,
  args: string[],
  role: UserRole,
  print: (line: string) => void,
): Promise<void> {
  const [raw, ...extra] = args;
  if (!raw || extra.length > 0) throw new UsageError('Give exactly one email address.');
  const email = emailRule.safeParse(raw);
  if (!email.success) throw new UsageError(`Not an email address: ${raw}`);
  await cli.catchUp();
  const userId = await findUserIdByEmailHash(
    cli.knex,
    cli.deps.keyring.lookupHash('email', email.data),
  );
  if (!userId) {
    print(`No account uses ${email.data}.`);
    throw new NoSuchAccount();
  }
  const outcome = await changeRole(cli.deps, userId, role);
  await cli.catchUp(outcome.position);
  print(
    outcome.changed
      ? `${email.data} is now ${role === 'admin' ? 'an admin' : 'a member'}.`
      : `${email.data} was already ${role === 'admin' ? 'an admin' : 'a member'}.`,
  );
}

class NoSuchAccount extends Error {}

async function list(cli: UsersCli, args: string[], print: (line: string) => void): Promise<void> {
  let page = 1;
  if (args.length > 0) {
    if (args[0] !== '--page' || !args[1] || !/^[1-9]\d{0,5}$/.test(args[1]) || args.length > 2)
      throw new UsageError('list takes only --page <n>.');
    page = Number(args[1]);
  }
  await cli.catchUp();
  const result = await listUsers(cli.knex, { page, perPage: 25 });
  for (const u of result.data) {
    print(
      [
        u.role.padEnd(6),
        u.registeredAt.slice(0, 10),
        u.email ?? '(no email)',
        `"${u.displayName}"`,
        u.id,
      ].join('  '),
    );
  }
  print(`Page ${result.meta.page} of ${result.meta.lastPage}; ${result.meta.total} accounts.`);
}

/** Runs one invocation; returns the exit code (0 ok, 1 failed, 2 usage). */
export async function runUsersCli(
  argv: readonly string[],
  open: () => Promise<UsersCli> = () => openUsersCli(),
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    print(USAGE);
    return command ? 0 : 2;
  }
  if (!['promote', 'demote', 'list'].includes(command)) {
    print(`Error: unknown command ${command}\n\n${USAGE}`);
    return 2;
  }
  let cli: UsersCli | undefined;
  try {
    cli = await open();
    if (command === 'list') await list(cli, rest, print);
    else await setRole(cli, rest, command === 'promote' ? 'admin' : 'member', print);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      print(`Error: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof NoSuchAccount) return 1;
    if (isDomainError(err)) {
      print(`Error: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await cli?.close();
  }
}

runMain(import.meta.url, (argv) => runUsersCli(argv));
