import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in Discord on loopback, speaking the three endpoints passport-discord uses:
 *  - GET  /oauth2/authorize → 302 back to redirect_uri with ?code&state (consent is implied);
 *  - POST /oauth2/token     → an access token for a known code, checking client credentials,
 *                             redirect_uri and the PKCE verifier (S256);
 *  - GET  /api/users/@me    → the profile of the user the token belongs to.
 * `nextUser` is who "signs in at Discord" on the next authorize.
 */
export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
}

export interface DiscordStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  nextUser: DiscordUser;
  /** Requests seen, for assertions. */
  seen: { authorize: URLSearchParams[]; token: URLSearchParams[] };
  close(): Promise<void>;
}

export async function startDiscordStandIn(): Promise<DiscordStandIn> {
  const clientId = 'pitwall-test-client';
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<
    string,
    { user: DiscordUser; redirectUri: string; challenge: string | null }
  >();
  const tokens = new Map<string, DiscordUser>();
  const standIn: DiscordStandIn = {
    url: '',
    clientId,
    clientSecret,
    nextUser: { id: '1', username: 'nobody' },
    seen: { authorize: [], token: [] },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const q = url.searchParams;
      standIn.seen.authorize.push(q);
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirectUri || q.get('response_type') !== 'code')
        return json(400, { error: 'invalid_request' });
      const code = randomBytes(12).toString('hex');
      codes.set(code, { user: standIn.nextUser, redirectUri, challenge: q.get('code_challenge') });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        standIn.seen.token.push(form);
        const grant = codes.get(form.get('code') ?? '');
        if (
          !grant ||
          form.get('client_id') !== clientId ||
          form.get('client_secret') !== clientSecret
        )
          return json(401, { error: 'invalid_client' });
        if (form.get('redirect_uri') !== grant.redirectUri)
          return json(400, { error: 'invalid_grant' });
        const verifier = form.get('code_verifier') ?? '';
        if (
          grant.challenge &&
          createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
        )
          return json(400, { error: 'invalid_grant' });
        codes.delete(form.get('code')!);
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        json(200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 604800,
          refresh_token: 'r',
          scope: 'identify email',
        });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return json(401, { message: '401: Unauthorized' });
      return json(200, { ...user, discriminator: '0', avatar: null });
    }
    json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
