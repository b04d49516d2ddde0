import { createInertiaApp } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ComingSoon from '../pages/Public/ComingSoon.tsx';
import NotFound from '../pages/Public/NotFound.tsx';
import { AdminLayout, AppLayout, AuthLayout, layoutFor } from './index.ts';
import { renderPage, tagWith } from './render-for-test.tsx';
import { QueryProvider } from '../components/QueryProvider.tsx';

const pages = {
  'Public/NotFound': NotFound,
  'Public/ComingSoon': ComingSoon,
  'Admin/Dashboard': () => <h1>Dashboard</h1>,
  'Auth/Login': () => <h1>Sign in</h1>,
};
const render = (
  component: keyof typeof pages,
  url: string,
  user: Parameters<typeof renderPage>[0]['user'],
  props: Record<string, unknown> = {},
) => renderPage({ component, Component: pages[component], url, user, props });
const attr = tagWith;

describe('layoutFor', () => {
  it('chooses the layout by page-name prefix', () => {
    expect(layoutFor('Admin/Users')).toBe(AdminLayout);
    expect(layoutFor('Auth/Login')).toBe(AuthLayout);
    expect(layoutFor('Public/NotFound')).toBe(AppLayout);
    expect(layoutFor('Drivers/Show')).toBe(AppLayout);
    expect(layoutFor('Administration/X')).toBe(AppLayout);
  });
});

describe('AppLayout (server-rendered)', () => {
  it('has a skip link first, then header, main navigation, main and footer landmarks', async () => {
    const html = await render('Public/NotFound', '/nope', null);
    const skip = html.indexOf('data-test="skip-link"');
    expect(skip).toBeGreaterThan(-1);
    expect(skip).toBeLessThan(html.indexOf('<header'));
    expect(html).toContain('href="#main"');
    expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(html).toMatch(/<main[^>]*id="main"/);
    expect(html).toMatch(/<nav[^>]*aria-label="Footer"/);
    expect(html.indexOf('<main')).toBeLessThan(html.indexOf('<footer'));
    expect(html).toContain('role="search"');
    expect(html).toContain('Page not found');
  });

  it('links to every public area and the footer pages', async () => {
    const html = await render('Public/NotFound', '/nope', null);
    for (const path of [
      '/drivers',
      '/series',
      '/world-records',
      '/teams',
      '/pros',
      '/setups',
      '/gears',
      '/recruitment',
      '/news',
    ]) {
      expect(html).toContain(`href="${path}"`);
    }
    for (const path of ['/changelog', '/privacy-policy', '/terms-of-service']) {
      expect(html).toContain(`href="${path}"`);
    }
  });

  it('marks the current area with aria-current', async () => {
    const html = await render('Public/ComingSoon', '/series', null, {
      area: 'Series',
      title: 'Series',
    });
    expect(attr(html, 'nav-series')).toContain('aria-current="page"');
    expect(attr(html, 'nav-drivers')).not.toContain('aria-current');
    const inside = await render('Public/ComingSoon', '/drivers/42', null, {
      area: 'Drivers',
      title: 'Driver',
    });
    expect(attr(inside, 'nav-drivers')).toContain('aria-current="true"');
  });

  it('offers Sign in and Register to a visitor', async () => {
    const html = await render('Public/NotFound', '/nope', null);
    expect(attr(html, 'login-link')).toContain('href="/auth/login"');
    expect(attr(html, 'register-link')).toContain('href="/auth/register"');
    expect(html).not.toContain('data-test="user-menu-button"');
  });

  it('shows a member their account menu without an Admin link', async () => {
    const html = await render('Public/NotFound', '/nope', {
      id: 'u1',
      displayName: 'Ada Lovelace',
      role: 'member',
    });
    expect(attr(html, 'user-menu-button')).toContain('aria-expanded="false"');
    expect(html).toContain('Ada Lovelace');
    expect(attr(html, 'user-menu-settings')).toContain('href="/settings"');
    expect(attr(html, 'logout-link')).toContain('type="submit"');
    expect(attr(html, 'logout-link')).toMatch(/^<button/);
    expect(html).toContain('<form action="/auth/logout" method="post"><button type="submit"');
    expect(html).not.toContain('data-test="user-menu-admin"');
    expect(html).not.toContain('data-test="login-link"');
  });

  it('gives an admin the Admin link', async () => {
    const html = await render('Public/NotFound', '/nope', {
      id: 'u2',
      displayName: 'Root',
      role: 'admin',
    });
    expect(attr(html, 'user-menu-admin')).toContain('href="/admin"');
  });

  it('renders with no shared props at all (an error page before the middleware ran)', async () => {
    const page = {
      component: 'Public/NotFound',
      url: '/x',
      version: null,
      props: { errors: {} },
      flash: {},
      rescuedProps: [],
      rememberedState: {},
    } as unknown as Page;
    const { body } = await createInertiaApp({
      page,
      render: renderToString,
      resolve: () => NotFound,
      layout: layoutFor,
      // As web/ssr.tsx renders every page, error pages included.
      setup: ({ App, props }) => (
        <QueryProvider>
          <App {...props} />
        </QueryProvider>
      ),
    });
    expect(body).toContain('data-test="login-link"');
  });

  it('shows flash messages above the page', async () => {
    const html = await render('Public/NotFound', '/nope', null, {
      flash: { success: 'Saved your settings.' },
    });
    expect(attr(html, 'flash-success')).toContain('role="status"');
    expect(html).toContain('Saved your settings.');
  });
});

describe('AdminLayout and AuthLayout (server-rendered)', () => {
  it('admin: sidebar with every section, Dashboard current only on /admin', async () => {
    const user = { id: 'u2', displayName: 'Root', role: 'admin' as const };
    const html = await render('Admin/Dashboard', '/admin', user);
    expect(html).toMatch(/<nav[^>]*aria-label="Admin"/);
    for (const path of [
      '/admin/users',
      '/admin/articles',
      '/admin/setups',
      '/admin/teams',
      '/admin/gears',
      '/admin/pros',
      '/admin/sessions',
    ]) {
      expect(html).toContain(`href="${path}"`);
    }
    expect(attr(html, 'nav-admin-dashboard')).toContain('aria-current="page"');
    const users = await render('Admin/Dashboard', '/admin/users', user);
    expect(attr(users, 'nav-admin-dashboard')).not.toContain('aria-current');
    expect(attr(users, 'nav-admin-users')).toContain('aria-current="page"');
  });

  it('auth: a centred card inside main, with a way home', async () => {
    const html = await render('Auth/Login', '/auth/login', null);
    expect(html).toMatch(/<main[^>]*id="main"/);
    expect(html).toContain('<h1>Sign in</h1>');
    expect(attr(html, 'home-link')).toContain('href="/"');
    expect(html).not.toMatch(/aria-label="Main"/);
  });
});
