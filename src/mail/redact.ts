/**
 * What mail text and delivery errors must not leave in logs or kept rows: the secret of a link
 * (`?token=…`, a password-reset token valid for 60 minutes) and email addresses (an SMTP error
 * names the recipient).
 */
const LINK_SECRETS = /([?&](?:token|code|state)=)[^&#\s]*/gi;
const EMAIL = /[^\s<>"'@,;:()]+@[^\s<>"'@,;:()]+\.[^\s<>"'@,;:()]+/g;

export function redactMailSecrets(text: string): string {
  return text.replace(LINK_SECRETS, '$1[redacted]').replace(EMAIL, '[email]');
}
