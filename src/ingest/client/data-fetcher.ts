import type { z } from 'zod';
import type { ChunkInfo } from '../schemas/common.ts';
import { parseCsv } from './csv.ts';
import {
  IracingForbiddenOrMissingError,
  IracingPayloadError,
  IracingUpstreamError,
} from './errors.ts';
import type { Answer, Transport } from './transport.ts';

/**
 * The Data API's indirections, endpoint-agnostic:
 *  1. GET {apiUrl}/data/<path>?<params> with the bearer token;
 *  2. if the answer is a `{link, expires}` envelope, GET the signed link WITHOUT the
 *     Authorization header (it is an S3 URL; sending the token there would leak it);
 *  3. decode: JSON, or CSV rows for `text/csv` / `.csv` answers; HTML (CloudFront error pages)
 *     is an IracingUpstreamError, never fed to JSON.parse;
 *  4. for chunked answers, GET `base_download_url + chunk_file_names[i]` for i = 0, 1, … in order
 *     (also without Authorization) and concatenate the arrays;
 *  5. a link or chunk answering 403 (its signature expired) makes the whole request again once.
 */

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type QueryParams = Record<string, QueryValue>;

export type Payload =
  | { kind: 'json'; url: string; value: unknown }
  | { kind: 'csv'; url: string; rows: Record<string, string>[] };

export class DataFetcher {
  constructor(
    private readonly transport: Transport,
    private readonly apiUrl: string,
  ) {}

  dataUrl(path: string, params: QueryParams = {}): string {
    const url = new URL(`/data/${path.replace(/^\/+/, '')}`, this.apiUrl);
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    return url.toString();
  }

  /** Steps 1–3: the payload of a /data endpoint, through its link when it has one. */
  payload(path: string, params: QueryParams = {}): Promise<Payload> {
    return withFreshLinks(async () => {
      const answer = await this.transport.getAuthorized(this.dataUrl(path, params));
      const first = decode(answer);
      if (first.kind === 'json' && isLinkEnvelope(first.value)) {
        return decode(await this.transport.getUnauthenticated(first.value.link));
      }
      return first;
    });
  }

  /** The JSON payload of a /data endpoint, validated. */
  async json<S extends z.ZodType>(
    path: string,
    params: QueryParams,
    schema: S,
  ): Promise<z.infer<S>> {
    const payload = await this.payload(path, params);
    if (payload.kind !== 'json') {
      throw new IracingPayloadError(`${path}: expected JSON, got CSV`, [], { url: payload.url });
    }
    return validate(schema, payload.value, path, payload.url);
  }

  /** Step 4: every row of every chunk, in chunk order, validated. */
  async chunkRows<S extends z.ZodType>(
    chunkInfo: ChunkInfo,
    rowSchema: S,
    label: string,
  ): Promise<z.infer<S>[]> {
    const names = chunkInfo.chunk_file_names ?? [];
    if (names.length === 0) return [];
    if (!chunkInfo.base_download_url) {
      throw new IracingPayloadError(`${label}: chunk_info without base_download_url`, [], {
        url: label,
      });
    }
    const rows: z.infer<S>[] = [];
    for (const name of names) {
      const url = chunkInfo.base_download_url + name;
      const chunk = decode(await this.transport.getUnauthenticated(url));
      if (chunk.kind !== 'json' || !Array.isArray(chunk.value)) {
        throw new IracingPayloadError(`${label}: chunk ${name} is not a JSON array`, [], { url });
      }
      for (const row of chunk.value) rows.push(validate(rowSchema, row, label, url));
    }
    return rows;
  }

  /** A CSV export (e.g. standings' `csv_url`): a signed link, fetched without Authorization. */
  async csv(url: string): Promise<Record<string, string>[]> {
    const answer = await this.transport.getUnauthenticated(url);
    if (looksLikeHtml(answer)) throw htmlError(answer);
    return parseCsv(answer.body);
  }
}

/**
 * Signed links and chunk URLs expire (minutes after the /data answer). When one answers 403, the
 * whole request — /data answer included — is made again once, which yields fresh signatures.
 */
export async function withFreshLinks<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (!isExpiredLink(err)) throw err;
    return request();
  }
}

function isExpiredLink(err: unknown): boolean {
  return (
    err instanceof IracingForbiddenOrMissingError &&
    err.status === 403 &&
    !new URL(err.url).pathname.startsWith('/data/')
  );
}

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  label: string,
  url: string,
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new IracingPayloadError(
    `${label}: payload does not match its schema`,
    parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path, message: i.message })),
    { url },
  );
}

function decode(answer: Answer): Payload {
  const path = answer.url.split('?')[0] ?? '';
  if (/text\/csv/i.test(answer.contentType) || path.toLowerCase().endsWith('.csv')) {
    return { kind: 'csv', url: answer.url, rows: parseCsv(answer.body) };
  }
  if (looksLikeHtml(answer)) throw htmlError(answer);
  try {
    return { kind: 'json', url: answer.url, value: JSON.parse(answer.body) as unknown };
  } catch (cause) {
    throw new IracingUpstreamError('iRacing answered a body that is not JSON', {
      url: answer.url,
      status: answer.status,
      contentType: answer.contentType,
      bodySnippet: answer.body.slice(0, 500),
      cause,
    });
  }
}

function looksLikeHtml(answer: Answer): boolean {
  return /text\/html/i.test(answer.contentType) || answer.body.trimStart().startsWith('<');
}

function htmlError(answer: Answer): IracingUpstreamError {
  return new IracingUpstreamError('iRacing answered an HTML page instead of data', {
    url: answer.url,
    status: answer.status,
    contentType: answer.contentType,
    bodySnippet: answer.body.slice(0, 500),
  });
}

function isLinkEnvelope(value: unknown): value is { link: string; expires?: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.link === 'string' &&
    /^https?:\/\//.test(record.link) &&
    Object.keys(record).every((k) => k === 'link' || k === 'expires')
  );
}
