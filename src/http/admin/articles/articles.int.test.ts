import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_ARTICLE_MESSAGE } from './mutations.ts';
import type { TestClient } from '../../test-support/client.ts';
import { follow, send, startAdminApp, type AdminApp } from '../test-support/admin-app.ts';

/**
 * The admin article slice over HTTP against the real app: commands, event store, the job
 * system waking the articles projection, read-your-writes before every redirect.
 */
let app: AdminApp;
let admin: TestClient;
let adminId: string;

interface EditArticle {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  bodyMarkdown: string;
  status: 'draft' | 'published';
  revision: string;
  previewHtml: string | null;
}

beforeAll(async () => {
  app = await startAdminApp();
  const signedIn = await app.signedIn('admin');
  admin = signedIn.client;
  adminId = signedIn.user.userId;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

let seq = 0;
const fresh = (label: string) => `${label}-${++seq}`;

/** Creates an article through POST /admin/articles; returns the edit page it leads to. */
async function createThroughForm(fields: Record<string, unknown> = {}) {
  const title = `Race report ${fresh('r')}`;
  const res = await send(
    admin,
    'POST',
    '/admin/articles',
    {
      title,
      excerpt: '',
      bodyMarkdown: '## The race\n\nA clean start.',
      ...fields,
    },
    { from: '/admin/articles/create' },
  );
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toMatch(/^\/admin\/articles\/[0-9a-f-]{36}$/);
  const page = await follow(admin, res);
  return { page, article: page.props.article as EditArticle };
}

async function editPage(id: string) {
  const res = await admin.visit(`/admin/articles/${id}`);
  expect(res.status).toBe(200);
  return res.page();
}

const head = () => app.store.headPosition();

describe('who may enter', () => {
  it('sends a guest to sign in and refuses a member', async () => {
    const guest = await app.client();
    const res = await guest.visit('/admin/articles');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login?return_to=%2Fadmin%2Farticles');

    const { client: member } = await app.signedIn('member');
    const before = await head();
    const refused = await send(member, 'POST', '/admin/articles', { title: 'Not yours' });
    expect(refused.status).toBe(403);
    expect(await head()).toBe(before);
  });

  it('renders every admin article page client-only', async () => {
    const res = await admin.get('/admin/articles/create');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="app"></div>');
    // Form pages are found again by the Referer of the mutation (redirect back).
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.page().component).toBe('Admin/Articles/Create');
  });
});

describe('POST /admin/articles', () => {
  it('creates a draft, opens its edit form with a flash, and the next pages show it', async () => {
    const { page, article } = await createThroughForm({ slug: '', excerpt: '  A short one.  ' });
    expect(page.component).toBe('Admin/Articles/Edit');
    expect(page.flash).toEqual({ success: 'Article created.' });
    expect(article.status).toBe('draft');
    expect(article.slug).toBe(article.title.toLowerCase().replace(/ /g, '-'));
    expect(article.excerpt).toBe('A short one.');
    expect(article.revision).toBe('0');
    // Read-your-writes: the projection had rendered the body before the redirect.
    expect(article.previewHtml).toContain('<h2>The race</h2>');

    const list = (await admin.visit('/admin/articles')).page();
    const rows = list.props.articles as { id: string; title: string }[];
    expect(rows[0]).toMatchObject({ id: article.id, title: article.title });
  });

  it('records the signed-in admin as author and ignores ids smuggled into the form', async () => {
    const smuggledId = '00000000-0000-4000-8000-000000000001';
    const { article } = await createThroughForm({
      articleId: smuggledId,
      authorId: 'someone-else',
    });
    expect(article.id).not.toBe(smuggledId);
    const row = (await app.db.knex('articles').where({ id: article.id }).first()) as {
      author_id: string;
    };
    expect(row.author_id).toBe(adminId);
  });

  it('returns every field error to the form and creates nothing', async () => {
    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/articles',
      {
        title: 'ab',
        slug: 'Not A Slug',
        excerpt: 'x'.repeat(301),
        bodyMarkdown: 42,
      },
      { from: '/admin/articles/create' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/articles/create');
    const page = await follow(admin, res);
    expect(page.component).toBe('Admin/Articles/Create');
    const errors = page.props.errors as Record<string, string>;
    expect(errors.title).toBe('Title must be at least 3 characters.');
    expect(errors.slug).toMatch(/lowercase words joined by single hyphens/);
    expect(errors.excerpt).toBe('Excerpt must be at most 300 characters.');
    expect(errors.bodyMarkdown).toBeTruthy();
    expect(await head()).toBe(before);
  });

  it('says a missing title is too short, and finds the form without a Referer', async () => {
    const res = await send(admin, 'POST', '/admin/articles', {});
    expect(res.headers.get('location')).toBe('/admin/articles/create');
    const errors = (await follow(admin, res)).props.errors as Record<string, string>;
    expect(errors.title).toBe('Title must be at least 3 characters.');
  });

  it('refuses a slug another article uses, on the slug field', async () => {
    const { article } = await createThroughForm();
    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/articles',
      {
        title: 'Another title',
        slug: article.slug,
      },
      { from: '/admin/articles/create' },
    );
    const errors = (await follow(admin, res)).props.errors as Record<string, string>;
    expect(errors).toEqual({ slug: 'This slug is already used by another article.' });
    expect(await head()).toBe(before);
  });

  it('answers 419 without the CSRF token and creates nothing', async () => {
    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/articles',
      { title: 'Forged request' },
      { csrf: false },
    );
    expect(res.status).toBe(419);
    expect(res.page().component).toBe('Public/PageExpired');
    expect(await head()).toBe(before);
  });
});

describe('PATCH /admin/articles/{id}', () => {
  it('saves the form at the revision it was opened at and shows the change', async () => {
    const { article } = await createThroughForm();
    const res = await send(admin, 'PATCH', `/admin/articles/${article.id}`, {
      title: 'Renamed report',
      slug: `${article.slug}-renamed`,
      excerpt: 'New excerpt',
      bodyMarkdown: 'Updated **body**',
      expectedRevision: article.revision,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/articles/${article.id}`);
    const page = await follow(admin, res);
    expect(page.flash).toEqual({ success: 'Article saved.' });
    const saved = page.props.article as EditArticle;
    expect(saved).toMatchObject({
      title: 'Renamed report',
      slug: `${article.slug}-renamed`,
      excerpt: 'New excerpt',
      bodyMarkdown: 'Updated **body**',
      revision: '1',
    });
    expect(saved.previewHtml).toContain('<strong>body</strong>');
  });

  it('reports a save without changes as such', async () => {
    const { article } = await createThroughForm();
    const before = await head();
    const res = await send(admin, 'PATCH', `/admin/articles/${article.id}`, {
      title: article.title,
      slug: article.slug,
      excerpt: article.excerpt,
      bodyMarkdown: article.bodyMarkdown,
      expectedRevision: article.revision,
    });
    const page = await follow(admin, res);
    expect(page.flash).toEqual({ info: 'Nothing to save: no field changed.' });
    expect(await head()).toBe(before);
  });

  it('returns field errors for bad input and changes nothing', async () => {
    const { article } = await createThroughForm();
    const before = await head();
    const res = await send(admin, 'PATCH', `/admin/articles/${article.id}`, {
      title: '',
      slug: '',
      bodyMarkdown: 'Still here',
      expectedRevision: article.revision,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/articles/${article.id}`);
    const page = await follow(admin, res);
    const errors = page.props.errors as Record<string, string>;
    expect(errors.title).toBe('Title must be at least 3 characters.');
    expect(errors.slug).toBe('Slug is required.');
    expect((page.props.article as EditArticle).title).toBe(article.title);
    expect(await head()).toBe(before);
  });

  it('refuses a form without a valid revision', async () => {
    const { article } = await createThroughForm();
    const res = await send(admin, 'PATCH', `/admin/articles/${article.id}`, {
      title: 'No revision',
      slug: article.slug,
      bodyMarkdown: '',
      expectedRevision: 'latest',
    });
    const errors = (await follow(admin, res)).props.errors as Record<string, string>;
    expect(errors.expectedRevision).toMatch(/reload the page/);
  });

  it('gives a stale form the conflict message in the form and keeps the newer version', async () => {
    const { article } = await createThroughForm();
    const first = await send(admin, 'PATCH', `/admin/articles/${article.id}`, {
      ...article,
      title: 'Saved in another tab',
      expectedRevision: article.revision,
    });
    expect(first.status).toBe(303);
    const before = await head();

    const stale = await send(admin, 'PATCH', `/admin/articles/${article.id}`, {
      ...article,
      title: 'Saved from the stale form',
      expectedRevision: article.revision,
    });
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe(`/admin/articles/${article.id}`);
    const page = await follow(admin, stale);
    expect(page.props.errors).toEqual({ _: STALE_ARTICLE_MESSAGE });
    const current = page.props.article as EditArticle;
    expect(current.title).toBe('Saved in another tab');
    expect(current.revision).toBe('1');
    expect(await head()).toBe(before);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await send(
      admin,
      'PATCH',
      '/admin/articles/7f1d9a40-6c1b-4c43-9d0e-2b7f3c9d1e55',
      {
        title: 'Ghost',
        slug: 'ghost',
        bodyMarkdown: '',
        expectedRevision: '0',
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.page().component).toBe('Public/NotFound');
    expect((await admin.visit('/admin/articles/not-a-uuid')).status).toBe(404);
    expect((await admin.visit('/admin/articles/7f1d9a40-6c1b-4c43-9d0e-2b7f3c9d1e55')).status).toBe(
      404,
    );
  });
});

describe('publish and unpublish', () => {
  it('publishes (the news page shows it at once) and a second publish changes nothing', async () => {
    const { article } = await createThroughForm();
    expect((await admin.visit(`/news/${article.slug}`)).status).toBe(404);

    const res = await send(admin, 'PATCH', `/admin/articles/${article.id}/publish`, undefined, {
      from: `/admin/articles/${article.id}`,
    });
    expect(res.status).toBe(303);
    const page = await follow(admin, res);
    expect(page.flash).toEqual({ success: 'Article published.' });
    expect((page.props.article as EditArticle).status).toBe('published');
    expect((await admin.visit(`/news/${article.slug}`)).status).toBe(200);

    const before = await head();
    const again = await send(admin, 'PATCH', `/admin/articles/${article.id}/publish`, undefined, {
      from: `/admin/articles/${article.id}`,
    });
    expect(again.status).toBe(303);
    expect((await follow(admin, again)).flash).toEqual({
      info: 'The article was already published.',
    });
    expect(await head()).toBe(before);
  });

  it('unpublishes (gone from the site at once) and a second unpublish changes nothing', async () => {
    const { article } = await createThroughForm();
    await send(admin, 'PATCH', `/admin/articles/${article.id}/publish`);
    const res = await send(admin, 'DELETE', `/admin/articles/${article.id}/publish`, undefined, {
      from: '/admin/articles?status=published',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/articles?status=published');
    const list = await follow(admin, res);
    expect(list.flash).toEqual({ success: 'Article unpublished: it is a draft again.' });
    expect((list.props.articles as { id: string }[]).map((a) => a.id)).not.toContain(article.id);
    expect((await admin.visit(`/news/${article.slug}`)).status).toBe(404);

    const before = await head();
    const again = await send(admin, 'DELETE', `/admin/articles/${article.id}/publish`);
    expect((await follow(admin, again)).flash).toEqual({
      info: 'The article was already a draft.',
    });
    expect(await head()).toBe(before);
  });

  it('refuses to publish an empty body and says why', async () => {
    const { article } = await createThroughForm({ bodyMarkdown: '' });
    const before = await head();
    const res = await send(admin, 'PATCH', `/admin/articles/${article.id}/publish`, undefined, {
      from: `/admin/articles/${article.id}`,
    });
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>).bodyMarkdown).toMatch(/empty/i);
    expect((page.props.article as EditArticle).status).toBe('draft');
    expect(await head()).toBe(before);
  });

  it('answers 404 when publishing an unknown article and 419 without the CSRF token', async () => {
    const unknown = await send(
      admin,
      'PATCH',
      '/admin/articles/7f1d9a40-6c1b-4c43-9d0e-2b7f3c9d1e55/publish',
    );
    expect(unknown.status).toBe(404);
    const { article } = await createThroughForm();
    const forged = await send(admin, 'PATCH', `/admin/articles/${article.id}/publish`, undefined, {
      csrf: false,
    });
    expect(forged.status).toBe(419);
    expect(((await editPage(article.id)).props.article as EditArticle).status).toBe('draft');
  });
});

describe('GET /admin/articles', () => {
  it('filters by status, counts each status and pages past the end without a 404', async () => {
    const { article: draft } = await createThroughForm();
    const { article: published } = await createThroughForm();
    await send(admin, 'PATCH', `/admin/articles/${published.id}/publish`);

    const all = (await admin.visit('/admin/articles')).page();
    const counts = all.props.counts as { all: number; draft: number; published: number };
    expect(counts.all).toBe(counts.draft + counts.published);
    expect(counts.published).toBeGreaterThanOrEqual(1);

    const drafts = (await admin.visit('/admin/articles?status=draft')).page();
    const draftIds = (drafts.props.articles as { id: string; status: string }[]).map((a) => a.id);
    expect(draftIds).toContain(draft.id);
    expect(draftIds).not.toContain(published.id);
    expect((drafts.props.meta as { total: number }).total).toBe(counts.draft);

    const past = await admin.visit('/admin/articles?page=99');
    expect(past.status).toBe(200);
    expect(past.page().props.articles).toEqual([]);
  });

  it.each(['?status=archived', '?page=0', '?page=abc'])('answers 404 for %s', async (query) => {
    expect((await admin.visit(`/admin/articles${query}`)).status).toBe(404);
  });
});
