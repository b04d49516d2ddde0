import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test-support/client.ts';
import { follow, send, startAdminApp, type AdminApp } from '../test-support/admin-app.ts';

/** The admin dashboard over HTTP against the real app, after changes made through the forms. */
let app: AdminApp;
let admin: TestClient;

const SESSION = 4_200_001;

beforeAll(async () => {
  app = await startAdminApp();
  admin = (await app.signedIn('admin')).client;
  await app.recordSession(SESSION, 62_000_001);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function createArticle(title: string): Promise<string> {
  const res = await send(admin, 'POST', '/admin/articles', { title, bodyMarkdown: 'Body' });
  const page = await follow(admin, res);
  return (page.props.article as { id: string }).id;
}

describe('GET /admin', () => {
  it('counts articles by status and lists the latest articles and replays', async () => {
    await createArticle('Draft on the dashboard');
    const published = await createArticle('Published on the dashboard');
    await send(admin, 'PATCH', `/admin/articles/${published}/publish`);
    await send(admin, 'POST', '/admin/sessions/replay', { sessionId: SESSION });

    const res = await admin.visit('/admin');
    expect(res.status).toBe(200);
    const page = res.page();
    expect(page.component).toBe('Admin/Dashboard');
    const articles = page.props.articles as {
      counts: { all: number; draft: number; published: number };
      recent: { title: string; status: string }[];
    };
    expect(articles.counts).toEqual({ all: 2, draft: 1, published: 1 });
    expect(articles.recent.map((a) => [a.title, a.status])).toEqual([
      ['Published on the dashboard', 'published'],
      ['Draft on the dashboard', 'draft'],
    ]);
    const replays = page.props.replays as { total: number; recent: { sessionId: number }[] };
    expect(replays.total).toBe(1);
    expect(replays.recent[0]?.sessionId).toBe(SESSION);
    // The read models' health arrives after the first render.
    expect(page.props.projections).toBeUndefined();
    expect(page.deferredProps).toEqual({ default: ['projections'] });
  });

  it('loads the read models and their lag as a deferred prop', async () => {
    const res = await admin.visit('/admin', {
      headers: {
        'X-Inertia-Partial-Component': 'Admin/Dashboard',
        'X-Inertia-Partial-Data': 'projections',
      },
    });
    expect(res.status).toBe(200);
    const rows = res.page().props.projections as {
      name: string;
      state: string;
      lag: number | null;
    }[];
    const articles = rows.find((r) => r.name === 'articles');
    expect(articles).toMatchObject({ lag: 0 });
    expect(['idle', 'running']).toContain(articles?.state);
    // Every projection of the process is listed, built or not.
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['articles', 'users', 'session_replays', 'racing_results']),
    );
  });

  it('sends a guest to sign in', async () => {
    const res = await (await app.client()).visit('/admin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login?return_to=%2Fadmin');
  });
});
