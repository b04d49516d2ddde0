import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './app.ts';

/** The client address Express derives under each TRUST_PROXY setting. */
async function clientIp(trustProxy: string | undefined, forwardedFor: string): Promise<string> {
  const app = express();
  app.set('trust proxy', parseTrustProxy(trustProxy));
  app.get('/', (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'X-Forwarded-For': forwardedFor },
    });
    return await res.text();
  } finally {
    server.close();
  }
}

describe('TRUST_PROXY', () => {
  it("'true' trusts one hop: a spoofed first X-Forwarded-For entry is not the client", async () => {
    // The client sent "6.6.6.6"; the proxy appended the address it saw (203.0.113.9).
    expect(await clientIp('true', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('a hop count trusts that many proxies; unset trusts none', async () => {
    expect(await clientIp('2', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await clientIp(undefined, '6.6.6.6')).toBe('127.0.0.1');
  });
});
