import type { Request, Response } from 'express';
import type { Logger } from '../../logger.ts';
import { sendWhole } from '../compression.ts';
import type { Pages } from '../../../web/generated/pages.ts';
import type { AuthUser, FlashData } from '../../../web/inertia/shared-props.ts';
import { renderDocument, type SsrResult } from './html.ts';
import { readPageRequest, type PageObject } from './page.ts';
import type { PropInput } from './props.ts';
import { resolvePageProps } from './resolve.ts';
import { peekStash, stash, takeStash } from './session-state.ts';

/** Renders a page object to HTML on the server (null: client-only rendering). */
export type SsrRenderer = (page: PageObject) => Promise<SsrResult>;

/** Script and style tags of the client bundle, and (in development) Vite's HTML transform. */
export interface AssetTags {
  /** Tags for <head>; `component` lets production preload the page's own chunk. */
  tags(component: string): string;
  /** Development only: Vite's transformIndexHtml (React refresh preamble, client). */
  transformHtml?(url: string, html: string): Promise<string>;
}

/** Application-wide settings of the adapter; one per app, shared by every request. */
export interface InertiaAppOptions {
  appName: string;
  /** Asset version (hash of the build manifest); null in development. */
  version: () => string | null;
  assets: AssetTags;
  ssr: SsrRenderer | null;
  logger: Logger;
  /** The signed-in user (accounts area); null for guests. */
  resolveUser?: (req: Request) => Promise<AuthUser | null>;
  /** Clock for once-prop expiry. */
  now?: () => number;
  /** Trusted markup for the top of <head>, given this response's CSP nonce. */
  headStart?: (nonce: string | undefined) => string;
  /** Told about a rescued deferred prop (default: logged as an error). */
  onRescued?: (key: string, err: unknown) => void;
}

/** The app's `onRescued`, made once per app rather than per page. */
export function rescueLogger(logger: Logger): (key: string, err: unknown) => void {
  return (key, err) => logger.error({ err, prop: key }, 'deferred prop rescued');
}

/** The props argument of `render`, checked against the page's exported Props type. */
export type PagePropsInput<T> = [keyof T] extends [never]
  ? Record<string, never> // a page without props accepts none (`{}` alone would accept anything)
  : { [K in keyof T]: PropInput<T[K]> };

export interface RenderOptions {
  status?: number;
  encryptHistory?: boolean;
  clearHistory?: boolean;
}

export interface BackOptions {
  errors?: Record<string, string>;
  flash?: FlashData;
  /** Where to go when the request has no same-origin Referer. Default '/'. */
  fallback?: string;
}

/**
 * One instance per request (`req.inertia` / `res.inertia`), so nothing leaks between requests.
 * Speaks Inertia v3: JSON page objects to `X-Inertia` visits, an HTML document with the page in
 * `<script data-page="app" type="application/json">` (SSR markup when enabled) otherwise.
 */
export class Inertia<P extends object = Pages> {
  /** Set from the route table: false renders a client-only shell (e.g. /admin/**). */
  ssrEnabled = true;
  /** Whether this request is an Inertia visit (`X-Inertia: true`): JSON page objects. */
  readonly isInertiaRequest: boolean;
  private local: Record<string, unknown> | null = null;
  private encrypt = false;

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly app: InertiaAppOptions,
  ) {
    this.isInertiaRequest = req.headers['x-inertia'] === 'true';
  }

  /** Props added to every page this request renders (on top of the app's shared props). */
  share(props: Record<string, unknown>): this {
    this.local = { ...this.local, ...props };
    return this;
  }

  /** Encrypt this page's history entry on the client. */
  encryptHistory(on = true): this {
    this.encrypt = on;
    return this;
  }

  /** The next rendered page (usually after a redirect) clears the client's encrypted history. */
  clearHistory(): this {
    stash(this.req, { clearHistory: true });
    return this;
  }

  /** Flash data for the next rendered page. */
  flash(data: FlashData): this {
    stash(this.req, { flash: data });
    return this;
  }

  /** Builds the page object for `component` without sending it. */
  async page<C extends keyof P & string>(
    component: C,
    props: PagePropsInput<P[C]>,
    options: RenderOptions = {},
  ): Promise<PageObject> {
    const purpose = this.req.headers.purpose ?? this.req.headers['sec-purpose'];
    const prefetch = purpose !== undefined && /prefetch/i.test(String(purpose));
    const carried = prefetch ? peekStash(this.req.session) : takeStash(this.req.session);
    const errors: Record<string, unknown> = carried.errors
      ? carried.errorBag
        ? { [carried.errorBag]: carried.errors }
        : carried.errors
      : {};
    const flash = carried.flash ?? {};
    const user = this.app.resolveUser ? await this.app.resolveUser(this.req) : null;
    const shared: Record<string, unknown> = { appName: this.app.appName, auth: { user }, flash };
    if (this.local) Object.assign(shared, this.local);
    const resolved = await resolvePageProps({
      component,
      shared,
      props,
      errors,
      request: readPageRequest(this.req.headers),
      now: this.app.now?.() ?? Date.now(),
      onRescued: this.app.onRescued ?? rescueLogger(this.app.logger),
    });
    // Key order as the protocol lists it (component, props, url, version, flags, prop lists, flash).
    const encryptHistory = options.encryptHistory || this.encrypt;
    const clearHistory = options.clearHistory || carried.clearHistory;
    const page: PageObject = {
      component,
      props: resolved.props,
      url: this.req.originalUrl,
      version: this.app.version(),
      ...(encryptHistory ? { encryptHistory: true as const } : undefined),
      ...(clearHistory ? { clearHistory: true as const } : undefined),
      rescuedProps: resolved.rescuedProps,
    };
    if (resolved.deferredProps) page.deferredProps = resolved.deferredProps;
    if (resolved.mergeProps) page.mergeProps = resolved.mergeProps;
    if (resolved.prependProps) page.prependProps = resolved.prependProps;
    if (resolved.deepMergeProps) page.deepMergeProps = resolved.deepMergeProps;
    if (resolved.matchPropsOn) page.matchPropsOn = resolved.matchPropsOn;
    if (resolved.onceProps) page.onceProps = resolved.onceProps;
    if (resolved.sharedProps) page.sharedProps = resolved.sharedProps;
    for (const _ in flash) {
      page.flash = flash;
      break;
    }
    return page;
  }

  /** Sends the page: JSON to Inertia visits, the HTML document to first visits. */
  async render<C extends keyof P & string>(
    component: C,
    props: PagePropsInput<P[C]>,
    options: RenderOptions = {},
  ): Promise<void> {
    const page = await this.page(component, props, options);
    const status = options.status ?? 200;
    if (this.isInertiaRequest) {
      this.res.setHeader('X-Inertia', 'true');
      const json = JSON.stringify(page);
      sendWhole(this.req, this.res, status, 'application/json; charset=utf-8', json, {
        etag: true,
      });
      return;
    }
    // The document carries this response's CSP nonce, so no two are alike: no ETag (a hash of
    // every document that no request could ever match), one buffer compressed in one call.
    sendWhole(this.req, this.res, status, 'text/html; charset=utf-8', await this.document(page));
  }

  private async document(page: PageObject): Promise<string> {
    let ssr: SsrResult | null = null;
    if (this.ssrEnabled && this.app.ssr) {
      try {
        ssr = await this.app.ssr(page);
      } catch (err) {
        this.app.logger.error(
          { err, component: page.component },
          'SSR failed; serving the client-only shell',
        );
      }
    }
    const html = renderDocument({
      page,
      markup: ssr?.markup ?? null,
      head: ssr?.head ?? [],
      assetTags: this.app.assets.tags(page.component),
      defaultTitle: this.app.appName,
      headStart: this.app.headStart?.(this.res.locals.cspNonce),
    });
    return this.app.assets.transformHtml
      ? this.app.assets.transformHtml(this.req.originalUrl, html)
      : html;
  }

  /**
   * Sends the browser to `url` with a full page load: 409 + X-Inertia-Location to Inertia
   * visits (the client then sets window.location), a plain 302 otherwise. For external URLs
   * and pages outside the Inertia app.
   */
  location(url: string): void {
    if (this.isInertiaRequest) {
      this.res.status(409).set('X-Inertia-Location', url).end();
      return;
    }
    this.res.redirect(302, url);
  }

  /**
   * Redirects within the app: 303 after a mutation (so the client follows with GET), 302 after
   * a GET; a URL with a #fragment goes to Inertia visits as 409 + X-Inertia-Redirect, which the
   * v3 client follows as an SPA visit keeping the fragment.
   */
  redirect(url: string): void {
    if (this.isInertiaRequest && url.includes('#')) {
      this.res.status(409).set('X-Inertia-Redirect', url).end();
      return;
    }
    this.res.redirect(this.req.method === 'GET' ? 302 : 303, url);
  }

  /**
   * Redirects back to the page the request came from (same-origin Referer, else `fallback`),
   * flashing validation errors (scoped by the request's X-Inertia-Error-Bag) and flash data.
   * Validation errors never become a 422 on page visits.
   */
  back(options: BackOptions = {}): void {
    if (options.errors && Object.keys(options.errors).length > 0) {
      const bag = this.req.get('X-Inertia-Error-Bag');
      stash(this.req, { errors: options.errors, ...(bag ? { errorBag: bag } : {}) });
    }
    if (options.flash) stash(this.req, { flash: options.flash });
    this.redirect(this.sameOriginReferer() ?? options.fallback ?? '/');
  }

  private sameOriginReferer(): string | null {
    const referer = this.req.get('Referer');
    if (!referer) return null;
    try {
      const url = new URL(referer);
      const host = this.req.get('Host');
      if (url.host !== host) return null;
      // A path that browsers read as another origin (`//evil.example`, `/\evil.example`).
      if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return null;
      return `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
}
