import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The shared fixture format (../shared/fixtures/iracing-data-api/SOURCE.md): a scenario folder
 * holds the HTTP exchanges of one client call in the order they were made, `1.json`, `2.json`…,
 * each `{ "statuscode"?: number, "headers": {...}, "contentType"?: string, "content": <body> }`
 * (statuscode absent = 200). `0.json` files hold the legacy `/auth` login and are not data.
 */

export interface RecordedExchange {
  file: string;
  status: number;
  headers: Record<string, string>;
  content: unknown;
}

const EXCHANGE_FILE = /^(\d+)\.json$/;

/** True when `dir` holds exchange files itself (a scenario folder), not scenario folders. */
export async function isScenarioFolder(dir: string): Promise<boolean> {
  return (await readdir(dir)).some((f) => EXCHANGE_FILE.test(f));
}

/** The scenario folders of `dir`: `dir` itself when it is one, else its sub-folders that are, sorted. */
export async function scenarioFolders(dir: string): Promise<string[]> {
  if (await isScenarioFolder(dir)) return [dir];
  const out: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const sub = path.join(dir, name);
    if ((await stat(sub)).isDirectory() && (await isScenarioFolder(sub))) out.push(sub);
  }
  return out;
}

/** A folder's data exchanges in order (legacy login answers left out). */
export async function readExchanges(folder: string): Promise<RecordedExchange[]> {
  const files = (await readdir(folder))
    .filter((f) => EXCHANGE_FILE.test(f))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const out: RecordedExchange[] = [];
  for (const file of files) {
    const text = (await readFile(path.join(folder, file), 'utf8')).replace(/^\uFEFF/, '');
    const doc = JSON.parse(text) as {
      statuscode?: number;
      headers?: Record<string, unknown>;
      content?: unknown;
    };
    if (isLegacyLogin(doc.content)) continue;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(doc.headers ?? {})) {
      headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    out.push({ file, status: doc.statuscode ?? 200, headers, content: doc.content });
  }
  return out;
}

function isLegacyLogin(content: unknown): boolean {
  return typeof content === 'object' && content !== null && 'authcode' in content;
}

/**
 * When the recorded answer was given: its `Date` header, else the rate-limit window's reset
 * (epoch seconds), else null. Used as the observation time of what the folder teaches.
 */
export function recordedAt(exchanges: readonly RecordedExchange[]): Date | null {
  for (const ex of exchanges) {
    const date = ex.headers.date;
    if (date && !Number.isNaN(Date.parse(date))) return new Date(Date.parse(date));
  }
  for (const ex of exchanges) {
    const reset = Number(ex.headers['x-ratelimit-reset']);
    if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  }
  return null;
}
