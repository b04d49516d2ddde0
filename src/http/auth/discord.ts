import type passport from 'passport';
import DiscordStrategy from 'passport-discord';
import { appOrigin, type Config } from '../../config.ts';

/**
 * Discord sign-in (passport-discord over passport-oauth2): authorization-code flow with a
 * random `state` kept in the session (CSRF of the callback) and PKCE. The three Discord base
 * URLs come from the configuration, so tests run the whole flow against a stand-in Discord on
 * loopback. Scopes: `identify` (id, username) and `email` (used only when Discord says it is
 * verified).
 */
export interface DiscordSettings {
  clientId: string;
  clientSecret: string;
  /** Absolute, or a path resolved against the request's origin. */
  callbackUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

/** What the strategy hands to the callback handler: Discord's answer, nothing stored yet. */
export interface DiscordIdentity {
  id: string;
  username: string;
  globalName: string | null;
  /** Only when Discord reports it verified. */
  verifiedEmail: string | null;
}

export const DISCORD_STRATEGY = 'discord';

export function discordSettings(config: Config): DiscordSettings | null {
  if (!config.DISCORD_CLIENT_ID || !config.DISCORD_CLIENT_SECRET) return null;
  return {
    clientId: config.DISCORD_CLIENT_ID,
    clientSecret: config.DISCORD_CLIENT_SECRET,
    callbackUrl:
      config.DISCORD_CALLBACK_URL ??
      new URL('/auth/discord/callback', appOrigin(config)).toString(),
    authorizeUrl: config.DISCORD_AUTHORIZE_URL,
    tokenUrl: config.DISCORD_TOKEN_URL,
    apiUrl: config.DISCORD_API_URL.replace(/\/+$/, ''),
  };
}

/** passport-discord with the profile read from the configured API base, not discord.com. */
class ConfigurableDiscordStrategy extends DiscordStrategy {
  constructor(
    options: DiscordStrategy.Options,
    verify: DiscordStrategy.VerifyFunction,
    private readonly apiUrl: string,
  ) {
    super(options, verify);
  }

  override userProfile(
    accessToken: string,
    done: (err: unknown, profile?: DiscordStrategy.Profile) => void,
  ): void {
    this._oauth2.get(`${this.apiUrl}/users/@me`, accessToken, (err, body) => {
      if (err) {
        done(new Error('Failed to fetch the Discord profile.', { cause: err }));
        return;
      }
      try {
        const parsed = JSON.parse(String(body)) as DiscordStrategy.Profile;
        done(null, { ...parsed, provider: 'discord' });
      } catch (parseErr) {
        done(new Error('Discord answered with an unreadable profile.', { cause: parseErr }));
      }
    });
  }
}

function toIdentity(profile: DiscordStrategy.Profile): DiscordIdentity | null {
  if (typeof profile.id !== 'string' || !/^\d{1,25}$/.test(profile.id)) return null;
  if (typeof profile.username !== 'string' || profile.username.length === 0) return null;
  const email =
    typeof profile.email === 'string' && profile.verified === true ? profile.email : null;
  return {
    id: profile.id,
    username: profile.username.slice(0, 100),
    globalName: typeof profile.global_name === 'string' ? profile.global_name : null,
    verifiedEmail: email,
  };
}

export function installDiscordStrategy(
  authenticator: passport.Authenticator,
  settings: DiscordSettings,
): void {
  authenticator.use(
    DISCORD_STRATEGY,
    new ConfigurableDiscordStrategy(
      {
        clientID: settings.clientId,
        clientSecret: settings.clientSecret,
        callbackURL: settings.callbackUrl,
        authorizationURL: settings.authorizeUrl,
        tokenURL: settings.tokenUrl,
        scope: ['identify', 'email'],
        state: true,
        pkce: true,
      },
      (_accessToken, _refreshToken, profile, done) => {
        const identity = toIdentity(profile);
        if (!identity) done(null, false, { message: 'Discord sent an incomplete profile.' });
        else done(null, identity);
      },
      settings.apiUrl,
    ),
  );
}
