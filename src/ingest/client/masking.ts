import { createHash } from 'node:crypto';

/**
 * iRacing's OAuth server wants the client secret and the user's password masked, never sent as
 * typed (oauth.iracing.com/oauth2/book/token_endpoint.html: "The client secret must be masked
 * before it is sent to the server"; the password_limited grant masks the password the same way):
 *
 *   masked = base64( sha256( secret + normalize(id) ) ),  normalize(id) = id.trim().toLowerCase()
 *
 * where id is the client_id for the client secret and the username (e-mail) for the password.
 * Checked against the published vectors used by aydsko-iracingdata's tests:
 *   ("SuperSecretPassword", "test.user@example.com") → "nXmEFCdpHheD1R3XBVkm6VQavR7ZLbW7SRmzo/MfFso="
 *   ("Secret-Client-Password", "UnitTestApp")        → "D2GfmYK/nC8zeQPkpV2uGkk13hL0/LTQH44hiJKawCo="
 */
export function maskSecret(secret: string, id: string): string {
  return createHash('sha256')
    .update(secret + normalizeIdentifier(id), 'utf8')
    .digest('base64');
}

export function normalizeIdentifier(id: string): string {
  return id.trim().toLowerCase();
}
