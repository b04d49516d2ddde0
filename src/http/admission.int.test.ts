import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  PASSWORD,
  send,
  startHarness,
  uniqueEmail,
  type Harness,
} from './accounts/test-support/harness.ts';
import type { Admission } from './admission.ts';
import type { RouteDef } from './routing/types.ts';
import { TestClient } from './test-support/client.ts';

/**
 * Admission control in the real app (docs/reliability.md, "Admission control"): one read may
 * run at a time and one may wait. A read held open by the test fills the slot, another waits;
 * then a sign-in (an account request) is answered while that read is still waiting, and a
 * third read finds the queue full and is shed with 503 and Retry-After. Outcomes only: what
 * is waiting is read from the process's own counters, never from timings.
 */
let h: Harness;
let admission: Admission;
let release: () => void = () => {};
const held = new Promise<void>((resolve) => (release = resolve));

const holdRoute: RouteDef = {
  name: 'test.admission.hold',
  method: 'GET',
  path: '/__t/hold',
  auth: 'public',
  ssr: false,
  handler: async (_req, res) => {
    await held;
    res.json({ held: true });
  },
};

beforeAll(async () => {
  h = await startHarness({
    env: { ADMISSION_READS: '1', ADMISSION_QUEUE: '1' },
    extraRoutes: [holdRoute],
  });
  admission = h.server.app.admission!;
});
afterAll(async () => {
  release();
  await h?.close();
});

/** Waits until the process's counters show `ready` (the test's timeout bounds the wait). */
async function until(ready: (s: ReturnType<Admission['stats']>) => boolean): Promise<void> {
  while (!ready(admission.stats())) await sleep(10);
}

describe('admission control', () => {
  it('lets a sign-in through while anonymous reads are queued, and sheds a read past the queue', async () => {
    const email = uniqueEmail('admission');
    const registered = await send(await h.client(), 'POST', '/auth/register', {
      displayName: 'Queue Jumper',
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    expect(registered.status).toBe(303);
    await h.project();
    // The sign-in page (GET under /auth) is account work too: it passes the full read lane.
    const signer = await h.client();

    const visitor = new TestClient(h.url);
    const holding = visitor.get('/__t/hold');
    await until((s) => s.readsRunning === 1);
    let waitingSettled = false;
    const waiting = new TestClient(h.url).get('/api/drivers').finally(() => {
      waitingSettled = true;
    });
    await until((s) => s.readsWaiting === 1);

    const signIn = await send(signer, 'POST', '/auth/login', { email, password: PASSWORD });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/');
    // The read that waited is waiting still: the sign-in went ahead of it.
    expect(waitingSettled).toBe(false);
    expect(admission.stats()).toMatchObject({ readsRunning: 1, readsWaiting: 1 });

    const shedApi = await new TestClient(h.url).get('/api/series');
    expect(shedApi.status).toBe(503);
    expect(Number(shedApi.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(shedApi.text)).toMatchObject({ error: 'service_unavailable' });
    const shedPage = await new TestClient(h.url).get('/drivers');
    expect(shedPage.status).toBe(503);
    expect(shedPage.text).toMatch(/busy/);

    release();
    expect((await holding).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect(admission.stats()).toMatchObject({
      readsRunning: 0,
      readsWaiting: 0,
      accountsRunning: 0,
      totals: { queued: 1, shed: 2 },
    });
  });

  it('/healthz shows the counters', async () => {
    const res = await fetch(`${h.url}/healthz`);
    const body = (await res.json()) as { pid: number; admission: { limit: number } };
    expect(body.pid).toBe(process.pid);
    expect(body.admission).toMatchObject({ limit: 1, readsRunning: 0 });
  });
});
