import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReplayCommand } from '../../../commands/replays/handlers.ts';
import { INGEST_QUEUE, replayJobId } from '../../../ingest/jobs/definitions.ts';
import type { TestClient } from '../../test-support/client.ts';
import { follow, send, startAdminApp, type AdminApp } from '../test-support/admin-app.ts';

/**
 * The admin sessions page over HTTP against the real app: replay requests go through the
 * replay command and queue the real `sessions.replay` job (no ingest worker runs here, so it
 * stays queued); the run states come from the session_replays read model.
 */
let app: AdminApp;
let admin: TestClient;
let adminId: string;

interface Replay {
  sessionId: number;
  run: number;
  status: string;
  requestedBy: string | null;
  reason: string | null;
  subsessions: number | null;
  appended: number | null;
}

const KNOWN_SESSION = 4_100_001;
const OTHER_SESSION = 4_100_002;

beforeAll(async () => {
  app = await startAdminApp();
  const signedIn = await app.signedIn('admin');
  admin = signedIn.client;
  adminId = signedIn.user.userId;
  await app.recordSession(KNOWN_SESSION, 61_000_001);
  await app.recordSession(OTHER_SESSION, 61_000_002);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const head = () => app.store.headPosition();
const replay = (sessionId: unknown) =>
  send(admin, 'POST', '/admin/sessions/replay', { sessionId }, { from: '/admin/sessions' });

async function replays(query = ''): Promise<Replay[]> {
  const res = await admin.visit(`/admin/sessions${query}`);
  expect(res.status).toBe(200);
  return res.page().props.replays as Replay[];
}

describe('POST /admin/sessions/replay', () => {
  it.each([
    ['letters', 'abc'],
    ['zero', 0],
    ['a negative id', -5],
    ['a fraction', 1.5],
    ['nothing', undefined],
    ['an id beyond 32 bits', 99_999_999_999],
  ])('refuses %s with a field error and changes nothing', async (_label, sessionId) => {
    const before = await head();
    const res = await replay(sessionId);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/sessions');
    const page = await follow(admin, res);
    expect(page.props.errors).toEqual({
      sessionId: 'Enter an iRacing session id: a whole number greater than 0.',
    });
    expect(await head()).toBe(before);
  });

  it('refuses a session none of whose subsessions was ingested', async () => {
    const before = await head();
    const page = await follow(admin, await replay(123_456));
    expect((page.props.errors as Record<string, string>).sessionId).toBe(
      'Session 123456 is unknown here: none of its subsessions has been ingested, so there is nothing to replay.',
    );
    expect(await head()).toBe(before);
  });

  it('queues a replay of a known session, shows it at once, and queues its job', async () => {
    const res = await replay(String(KNOWN_SESSION));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/sessions');
    const page = await follow(admin, res);
    expect(page.component).toBe('Admin/Sessions/Index');
    expect(page.flash).toEqual({ success: `Replay of session ${KNOWN_SESSION} queued (run 1).` });
    const row = (page.props.replays as Replay[]).find((r) => r.sessionId === KNOWN_SESSION);
    expect(row).toMatchObject({ run: 1, status: 'queued', requestedBy: adminId });

    const job = await app.jobs.queue(INGEST_QUEUE).getJob(replayJobId(KNOWN_SESSION, 1));
    expect(job?.data).toEqual({ sessionId: KNOWN_SESSION, run: 1 });
  });

  it('does not start a second run while one is pending', async () => {
    await replay(KNOWN_SESSION);
    const before = await head();
    const page = await follow(admin, await replay(KNOWN_SESSION));
    expect(page.flash).toEqual({
      info: `Session ${KNOWN_SESSION} is already being replayed: run 1 is queued.`,
    });
    expect((await replays()).filter((r) => r.sessionId === KNOWN_SESSION)).toHaveLength(1);
    expect(await head()).toBe(before);
  });

  it('answers 419 without the CSRF token and 403 to a member, queuing nothing', async () => {
    const before = await head();
    const forged = await send(
      admin,
      'POST',
      '/admin/sessions/replay',
      { sessionId: OTHER_SESSION },
      {
        csrf: false,
      },
    );
    expect(forged.status).toBe(419);
    expect(await head()).toBe(before);
    const { client: member } = await app.signedIn('member');
    const afterSignIn = await head();
    const refused = await send(member, 'POST', '/admin/sessions/replay', {
      sessionId: OTHER_SESSION,
    });
    expect(refused.status).toBe(403);
    expect(await head()).toBe(afterSignIn);
    expect((await replays()).some((r) => r.sessionId === OTHER_SESSION)).toBe(false);
  });
});

describe('GET /admin/sessions', () => {
  it('shows each run with its state: running, done with counts, failed with the reason', async () => {
    await replay(OTHER_SESSION);
    const deps = { eventStore: app.store };
    await runReplayCommand(deps, {
      type: 'StartReplay',
      data: { sessionId: OTHER_SESSION, run: 1, attempt: 1 },
    });
    const failed = await runReplayCommand(deps, {
      type: 'FailReplay',
      data: {
        sessionId: OTHER_SESSION,
        run: 1,
        reason: 'The iRacing Data API is in maintenance (503).',
      },
    });
    expect(failed.appended).toBe(true);
    // The command's own position: the visible head can still be short of it while another
    // transaction on the server is open.
    await app.jobs.notifyAppended(failed.position!, ['ReplayFailed']);
    await app.caughtUp(['session_replays'], failed.position!);

    const failedRows = await replays('?status=failed');
    expect(failedRows).toEqual([
      expect.objectContaining({
        sessionId: OTHER_SESSION,
        status: 'failed',
        reason: 'The iRacing Data API is in maintenance (503).',
      }),
    ]);

    // A new request after a failure is a new run.
    const page = await follow(admin, await replay(OTHER_SESSION));
    expect(page.flash).toEqual({ success: `Replay of session ${OTHER_SESSION} queued (run 2).` });
    await runReplayCommand(deps, {
      type: 'StartReplay',
      data: { sessionId: OTHER_SESSION, run: 2, attempt: 1 },
    });
    const completed = await runReplayCommand(deps, {
      type: 'CompleteReplay',
      data: {
        sessionId: OTHER_SESSION,
        run: 2,
        subsessions: 1,
        appended: 0,
        corrected: 0,
        failed: [],
      },
    });
    expect(completed.appended).toBe(true);
    await app.jobs.notifyAppended(completed.position!, ['ReplayCompleted']);
    await app.caughtUp(['session_replays'], completed.position!);
    const done = await replays('?status=done');
    expect(done).toEqual([
      expect.objectContaining({ sessionId: OTHER_SESSION, run: 2, subsessions: 1, appended: 0 }),
    ]);
    const all = await replays();
    expect(all.filter((r) => r.sessionId === OTHER_SESSION).map((r) => [r.run, r.status])).toEqual([
      [2, 'done'],
      [1, 'failed'],
    ]);
  });

  it.each(['?status=lost', '?page=0'])('answers 404 for %s', async (query) => {
    expect((await admin.visit(`/admin/sessions${query}`)).status).toBe(404);
  });
});

describe('GET /admin/sessions: the ingested sessions', () => {
  interface Listed {
    sessionId: number;
    seriesName: string;
    lastReplay: { run: number; status: string } | null;
  }
  const listed = async (query = '') => {
    const res = await admin.visit(`/admin/sessions${query}`);
    expect(res.status).toBe(200);
    return res.page().props.sessions as {
      items: Listed[];
      nextCursor: string | null;
      search: Record<string, string>;
    };
  };

  it('lists the ingested sessions with their latest replay, searchable by series, track and day', async () => {
    const all = await listed();
    expect(all.items.map((s) => s.sessionId).sort()).toEqual([KNOWN_SESSION, OTHER_SESSION]);
    expect(all.items[0]!.seriesName).toBe('Global Fanatec Challenge');
    expect(all.search).toEqual({ series: '', track: '', date: '' });
    expect((await listed('?series=fanatec')).items).toHaveLength(2);
    expect((await listed('?series=mazda')).items).toEqual([]);
    expect((await listed('?track=nordschleife')).items).toHaveLength(2);
    expect((await listed('?date=2022-04-04')).items).toHaveLength(2);
    expect((await listed('?date=2022-04-05')).items).toEqual([]);
    expect((await listed('?series=&track=&date=')).items).toHaveLength(2);
  });

  it('answers 404 for a malformed day or cursor', async () => {
    expect((await admin.visit('/admin/sessions?date=2022-13-45')).status).toBe(404);
    expect((await admin.visit('/admin/sessions?date=yesterday')).status).toBe(404);
    expect((await admin.visit('/admin/sessions?cursor=not-a-cursor')).status).toBe(404);
  });
});
