import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security.ts';

/**
 * The headers of a GET / answered by an app with `middleware` in front of a plain 200 (Express's
 * X-Powered-By left on, so the removal is compared too).
 */
async function headersWith(middleware: RequestHandler): Promise<Map<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.text();
    return new Map(res.headers);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const VARIABLE = new Set(['date', 'content-security-policy', 'etag', 'content-length']);
const withoutVariable = (headers: Map<string, string>) =>
  [...headers].filter(([name]) => !VARIABLE.has(name)).sort(([a], [b]) => a.localeCompare(b));

describe('securityHeaders', () => {
  for (const development of [false, true]) {
    it(`sends exactly helmet's headers (development: ${development}), plus our CSP`, async () => {
      const ours = await headersWith(securityHeaders({ development }));
      const helmets = await headersWith(helmet(helmetOptions({ development })));
      expect(withoutVariable(ours)).toEqual(withoutVariable(helmets));
      expect(ours.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(ours.get('x-frame-options')).toBe('DENY');
    });
  }
});
