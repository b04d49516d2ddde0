/**
 * What must not reach the request log (ASVS 7.1.1): secrets in URLs — the password-reset token
 * (`/auth/reset-password?token=…`, usable for 60 minutes) and the OAuth2 `code` and `state` of
 * the Discord callback — and session cookies in both directions.
 */
const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi;
const SECRET_QUERY_KEYS = new Set(['token', 'code', 'state']);

export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  url?: string;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  [key: string]: unknown;
}

interface LoggedResponse {
  headers?: Record<string, unknown>;
  [key: string]: unknown;
}

/** pino-http `serializers.req`: the serialized request without secrets. */
export function redactRequest(req: LoggedRequest): LoggedRequest {
  const query = req.query
    ? Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, SECRET_QUERY_KEYS.has(k) ? '[redacted]' : v]))
    : req.query;
  const { cookie: _cookie, authorization: _authorization, ...headers } = req.headers ?? {};
  return { ...req, url: redactUrlSecrets(req.url ?? ''), query, headers };
}

/** pino-http `serializers.res`: the serialized response without the Set-Cookie header. */
export function redactResponse(res: LoggedResponse): LoggedResponse {
  const { 'set-cookie': _setCookie, ...headers } = res.headers ?? {};
  return { ...res, headers };
}
