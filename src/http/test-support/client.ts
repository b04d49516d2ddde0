import { request as httpRequest } from 'node:http';
import type { PageObject } from '../inertia/page.ts';

export interface Sent {
  status: number;
  headers: Headers;
  text: string;
  /** The body as sent (a download, byte for byte). */
  bytes: Buffer;
  /** The page object: the JSON body of an Inertia response, or the data-page script of HTML. */
  page(): PageObject;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  method?: string;
  inertia?: boolean;
  version?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  /** Send the XSRF-TOKEN cookie back as X-XSRF-TOKEN (what the Inertia client does). */
  csrf?: boolean;
}

/** Reads the first page object out of an HTML document (inverse of the server's escaping). */
export function pageFromHtml(html: string): PageObject {
  const m = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error(`no data-page script in:\n${html.slice(0, 500)}`);
  return JSON.parse(m[1]!) as PageObject;
}

/**
 * A minimal browser over fetch: keeps cookies, never follows redirects (tests look at them),
 * and speaks the Inertia request headers when asked.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  /**
   * `localAddress`: the source address of every request (e.g. 127.0.0.7), so a test can be
   * many clients from distinct addresses, as per-address rate limits see them.
   */
  constructor(
    readonly baseUrl: string,
    readonly options: { localAddress?: string } = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(path: string, options: RequestOptions = {}): Promise<Sent> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers };
    if (options.inertia) {
      headers['X-Inertia'] = 'true';
      headers['X-Requested-With'] = 'XMLHttpRequest';
      const version = options.version === undefined ? 'v1' : options.version;
      if (version !== null) headers['X-Inertia-Version'] = version;
    }
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies]
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
    }
    if (options.csrf) {
      const token = this.cookies.get('XSRF-TOKEN');
      if (token) headers['X-XSRF-TOKEN'] = token;
    }
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) {
      // multipart/form-data: fetch writes the Content-Type with its boundary.
      body = options.body;
    } else if (options.body instanceof URLSearchParams) {
      // A plain HTML form (no JavaScript): urlencoded fields.
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = options.body.toString();
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = new URL(path, this.baseUrl);
    const res =
      this.options.localAddress && !(body instanceof FormData)
        ? await sendFrom(this.options.localAddress, url, method, headers, body)
        : await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = decodeURIComponent(pair!.slice(eq + 1).trim());
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    return {
      status: res.status,
      headers: res.headers,
      text,
      bytes,
      page: () =>
        (res.headers.get('content-type') ?? '').includes('json')
          ? (JSON.parse(text) as PageObject)
          : pageFromHtml(text),
      json: <T>() => JSON.parse(text) as T,
    };
  }

  get(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<Sent> {
    return this.request(path, { ...options, method: 'GET' });
  }

  /** An Inertia visit (X-Inertia, version v1). */
  visit(path: string, options: Omit<RequestOptions, 'inertia'> = {}): Promise<Sent> {
    return this.request(path, { ...options, inertia: true });
  }
}

/** One HTTP request from a given source address, answered as a fetch Response. */
function sendFrom(
  localAddress: string,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) h.append(name, v);
        }
        resolve(
          new Response(
            res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks),
            { status: res.statusCode ?? 0, headers: h },
          ),
        );
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
