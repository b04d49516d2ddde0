import { describe, expect, it } from 'vitest';
import type { SsrResult } from './inertia/html.ts';
import type { PageObject } from './inertia/page.ts';
import { cachedSsrRenderer } from './ssr-cache.ts';

function page(component: string, props: Record<string, unknown> = {}): PageObject {
  return { component, props, url: '/', version: 'v1' } as unknown as PageObject;
}

/** A renderer that counts its renders and whose markup names the page and the render. */
function countingRenderer(size = 10) {
  let renders = 0;
  const render = (p: PageObject): Promise<SsrResult> => {
    renders += 1;
    return Promise.resolve({
      head: [`<title>${p.component}</title>`],
      markup: `${p.component}#${renders}`.padEnd(size, '.'),
    });
  };
  return { render, renders: () => renders };
}

describe('cached SSR renderer', () => {
  it('renders an identical page object once and reuses the markup', async () => {
    const r = countingRenderer();
    const ssr = cachedSsrRenderer(r.render, { maxBytes: 1_000_000 });
    const first = await ssr(page('Public/Home', { latest: [1, 2] }));
    const again = await ssr(page('Public/Home', { latest: [1, 2] }));
    expect(again).toEqual(first);
    expect(r.renders()).toBe(1);
  });

  it('renders again for any difference in the page object (props, user, flash, component)', async () => {
    const r = countingRenderer();
    const ssr = cachedSsrRenderer(r.render, { maxBytes: 1_000_000 });
    await ssr(page('Public/Home', { auth: { user: null } }));
    const signedIn = await ssr(page('Public/Home', { auth: { user: { id: 'u1' } } }));
    const flashed = await ssr(
      page('Public/Home', { auth: { user: null }, flash: { ok: 'Saved.' } }),
    );
    expect(signedIn.markup).toMatch(/^Public\/Home#2/);
    expect(flashed.markup).toMatch(/^Public\/Home#3/);
    expect(r.renders()).toBe(3);
  });

  it('runs one render for concurrent first visits of the same page', async () => {
    const r = countingRenderer();
    const ssr = cachedSsrRenderer(r.render, { maxBytes: 1_000_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => ssr(page('Public/Home'))));
    expect(new Set(results.map((x) => x.markup)).size).toBe(1);
    expect(r.renders()).toBe(1);
  });

  it('does not keep a failed render: the next visit renders again', async () => {
    let calls = 0;
    const ssr = cachedSsrRenderer(
      () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new Error('render failed'))
          : Promise.resolve({ head: [], markup: 'ok' });
      },
      { maxBytes: 1_000_000 },
    );
    await expect(ssr(page('Public/Home'))).rejects.toThrow('render failed');
    await Promise.resolve(); // the failure handler has run
    expect(await ssr(page('Public/Home'))).toEqual({ head: [], markup: 'ok' });
    expect(calls).toBe(2);
  });

  it('stays within maxBytes by dropping the least recently used page', async () => {
    const r = countingRenderer(1_000);
    // Room for two entries (each ~1.1 kB of markup plus its key), not three.
    const ssr = cachedSsrRenderer(r.render, { maxBytes: 2_500 });
    await ssr(page('A'));
    await ssr(page('B'));
    await ssr(page('A')); // A is now the most recently used
    await ssr(page('C')); // drops B
    expect(r.renders()).toBe(3);
    await ssr(page('A'));
    await ssr(page('C'));
    expect(r.renders()).toBe(3);
    await ssr(page('B'));
    expect(r.renders()).toBe(4);
  });
});
