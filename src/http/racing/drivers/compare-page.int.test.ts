import { describe, expect, it } from 'vitest';
import type { Props } from '../../../../web/pages/Drivers/Compare.tsx';
import { useApiTestServer } from '../test-support/api-server.ts';
import {
  DRIVERS,
  driverNamed,
  gt3Subsessions,
  ovalSubsession,
  UNKNOWN_ID,
} from '../test-support/racing-world.ts';

/** /drivers/{id}/compare over HTTP against the racing world. */
// Starting the app and rebuilding every racing read model from the world's events takes seconds
// on an idle machine and can take minutes on a busy CI machine; the bound only catches a hang.
const api = useApiTestServer({ timeout: 240_000 });
const lena = driverNamed('Lena Fischer');

async function compare(path: string): Promise<Props> {
  const res = await api.client.visit(path);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.page().component).toBe('Drivers/Compare');
  return res.page().props as unknown as Props;
}

/** The races both ran, with each one's finishing position, counted from the world itself. */
function shared(a: number, b: number) {
  const out: { a: number; b: number }[] = [];
  for (const s of [...gt3Subsessions(), ovalSubsession()]) {
    const race = s.simsessions.find((x) => x.type === 'race')!;
    const ra = race.results.find((r) => r.custId === a);
    const rb = race.results.find((r) => r.custId === b);
    if (ra && rb) out.push({ a: ra.finishPosition, b: rb.finishPosition });
  }
  return out;
}

describe('GET /drivers/{id}/compare', () => {
  it('shows the driver alone, with the picker, before another is added', async () => {
    const props = await compare(`/drivers/${lena.custId}/compare`);
    expect(props.drivers.map((d) => d.name)).toEqual(['Lena Fischer']);
    expect(props.headToHeads).toEqual([]);
    expect(props.maxDrivers).toBe(4);
    expect(props.category).toBe('sports_car');
  });

  it('puts drivers side by side with overlaid histories and every pair head to head', async () => {
    // A rival who shared races with Lena: someone from her first split.
    const rival = DRIVERS.find(
      (d) => d.custId !== lena.custId && shared(lena.custId, d.custId).length > 0,
    )!;
    const third = DRIVERS.find((d) => d.custId !== lena.custId && d.custId !== rival.custId)!;
    const props = await compare(
      `/drivers/${lena.custId}/compare?ids=${rival.custId},${third.custId}`,
    );
    expect(props.drivers.map((d) => d.id)).toEqual([lena.custId, rival.custId, third.custId]);
    expect(props.drivers[0]!.career).toMatchObject({ starts: 3 });
    expect(props.drivers[0]!.history.at).toHaveLength(3);
    // The histories name their races' series and track through one table of the page's names:
    // every name once, for all drivers.
    const names = props.historyNames;
    expect(names).toEqual([...new Set(names)]);
    const ids = new Set(props.drivers.map((d) => d.id));
    const theirs = gt3Subsessions().filter((s) =>
      s.simsessions.some((x) => x.results.some((r) => ids.has(r.custId))),
    );
    expect(new Set(names)).toEqual(
      new Set(['Global Fanatec Challenge', ...theirs.map((s) => s.track.trackName)]),
    );
    for (const d of props.drivers) {
      const n = d.history.at.length;
      for (const column of [d.history.subsessionId, d.history.series, d.history.track]) {
        expect(column).toHaveLength(n);
      }
      expect(d.history.irating).toHaveLength(n);
      expect(d.history.series.map((i) => names[i])).toEqual(
        d.history.at.map(() => 'Global Fanatec Challenge'),
      );
    }
    expect(props.drivers.every((d) => d.irating !== null)).toBe(true);
    expect(props.headToHeads.map((h) => [h.aId, h.bId])).toEqual([
      [lena.custId, rival.custId],
      [lena.custId, third.custId],
      [rival.custId, third.custId],
    ]);
    const races = shared(lena.custId, rival.custId);
    const duel = props.headToHeads[0]!;
    expect(duel.races).toBe(races.length);
    expect(duel.aAhead).toBe(races.filter((r) => r.a < r.b).length);
    expect(duel.bAhead).toBe(races.filter((r) => r.b < r.a).length);
    expect(duel.averageGap).toBeCloseTo(races.reduce((n, r) => n + (r.b - r.a), 0) / races.length);
    expect(duel.recent.length).toBe(Math.min(5, races.length));
    // Newest first, times as ISO instants, positions of the pair.
    const times = duel.recent.map((r) => r.startTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.every((t) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(t))).toBe(true);
    expect(duel.recent.every((r) => r.aPosition > 0 && r.bPosition > 0)).toBe(true);
    expect(props.drivers.every((d) => d.percentileBelow !== null)).toBe(true);
  });

  it('lists unknown ids as missing and keeps at most four drivers', async () => {
    const others = DRIVERS.filter((d) => d.custId !== lena.custId).slice(0, 4);
    const props = await compare(
      `/drivers/${lena.custId}/compare?ids=${UNKNOWN_ID},${others.map((d) => d.custId).join(',')}`,
    );
    expect(props.missing).toEqual([UNKNOWN_ID]);
    expect(props.drivers.map((d) => d.id)).toEqual([
      lena.custId,
      ...others.slice(0, 2).map((d) => d.custId),
    ]);
  });

  it('answers the NotFound page for an unknown or malformed driver of the path', async () => {
    for (const path of [`/drivers/${UNKNOWN_ID}/compare`, '/drivers/abc/compare']) {
      const res = await api.client.visit(path);
      expect(res.status, path).toBe(404);
      expect(res.page().component).toBe('Public/NotFound');
    }
  });

  it.each([
    [`/drivers/${lena.custId}/compare?ids=abc`, `/drivers/${lena.custId}/compare`],
    [
      `/drivers/${lena.custId}/compare?ids=1,,2&category=oval`,
      `/drivers/${lena.custId}/compare?category=oval`,
    ],
    [
      `/drivers/${lena.custId}/compare?ids=1002&category=karting`,
      `/drivers/${lena.custId}/compare?ids=1002`,
    ],
    [`/drivers/0${lena.custId}/compare`, `/drivers/${lena.custId}/compare`],
  ])('redirects %s to %s', async (path, canonical) => {
    const res = await api.client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(canonical);
  });
});
