import {
  createIracingClient,
  staticAccessToken,
  type IracingDataClient,
} from '../../ingest/client/index.ts';
import {
  createDemoFetch,
  createDemoWorld,
  type DemoWorld,
  type DemoWorldOptions,
} from './index.ts';

/** A small world: every series races, fast enough for unit tests (a few seconds of simulation). */
export const SMALL_WORLD: Partial<DemoWorldOptions> = {
  drivers: 1500,
  seasons: 1,
  weeksRunInLastSeason: 3,
  seed: 7,
};

export function smallWorld(overrides: Partial<DemoWorldOptions> = {}): DemoWorld {
  return createDemoWorld({ ...SMALL_WORLD, ...overrides });
}

/** The real iRacing client, talking to a demo world through its in-process fetch. */
export function demoClient(world: DemoWorld): IracingDataClient {
  return createIracingClient({
    apiUrl: 'http://demo.invalid',
    auth: { kind: 'token', source: staticAccessToken('demo') },
    fetch: createDemoFetch(world, { now: () => world.nowMs }),
  });
}

/** JSON round trip: what a payload looks like after the wire. */
export function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Spearman rank correlation. */
export function rankCorrelation(xs: readonly number[], ys: readonly number[]): number {
  const rank = (values: readonly number[]) => {
    const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
    const ranks = new Array<number>(values.length);
    order.forEach(([, i], r) => (ranks[i] = r));
    return ranks;
  };
  const rx = rank(xs);
  const ry = rank(ys);
  const n = xs.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += ((rx[i] as number) - (ry[i] as number)) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}
