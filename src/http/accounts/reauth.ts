import type { Request } from 'express';
import { openSession, type RequestSession } from '../session/session.ts';

/**
 * Re-authentication of accounts without a password (created with Discord). Setting a first
 * password and deleting the account are what an attacker with a stolen session would do to
 * keep or destroy the account, so, like the current password for other accounts, they need a
 * proof of the owner: a Discord sign-in of the linked Discord account within the last
 * DISCORD_CONFIRM_MINUTES. Signing in or creating the account with Discord counts, and so does
 * "Confirm with Discord" in the settings (the callback of a signed-in user coming back with the
 * Discord account already linked to them). The time is kept in the session; using it for one
 * of the two actions spends it.
 */
export const DISCORD_CONFIRM_MINUTES = 10;

declare module 'express-session' {
  interface SessionData {
    /** When this session last proved the linked Discord account (epoch ms). */
    discordConfirmedAt?: number;
  }
}

export const CONFIRM_WITH_DISCORD = `For your security, confirm it is you with Discord first (Confirm with Discord), then try again within ${DISCORD_CONFIRM_MINUTES} minutes.`;

export function markDiscordConfirmed(req: Request, at: Date): void {
  const session = openSession(req);
  if (session) session.discordConfirmedAt = at.getTime();
}

export function discordConfirmed(req: Request, now: Date): boolean {
  const at = (req.session as RequestSession | undefined)?.discordConfirmedAt;
  if (typeof at !== 'number') return false;
  const age = now.getTime() - at;
  return age >= 0 && age < DISCORD_CONFIRM_MINUTES * 60_000;
}

export function spendDiscordConfirmation(req: Request): void {
  const session = req.session as RequestSession | undefined;
  if (session) delete session.discordConfirmedAt;
}
