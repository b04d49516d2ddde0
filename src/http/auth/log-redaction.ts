/**
 * What must not reach the request log (ASVS 7.1.1): secrets in URLs — the password-reset token
 * (`/auth/reset-password?token=…`, usable for 60 minutes) and the OAuth2 `code` and `state` of
 * the Discord callback. (The request log, src/http/request-log.ts, logs no headers at all, so
 * no cookie can reach it.)
 */
const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi;

export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
