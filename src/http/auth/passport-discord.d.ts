// Types for passport-discord 0.1 (ships none): the parts Pitwall uses.
declare module 'passport-discord' {
  import type { Request } from 'express';
  import type { Strategy as PassportStrategy } from 'passport';

  interface OAuth2Client {
    get(
      url: string,
      accessToken: string,
      callback: (err: unknown, body?: string | Buffer) => void,
    ): void;
  }

  namespace DiscordStrategy {
    interface Profile {
      id: string;
      username: string;
      global_name?: string | null;
      email?: string | null;
      verified?: boolean;
      provider: string;
      [key: string]: unknown;
    }
    interface Options {
      clientID: string;
      clientSecret: string;
      callbackURL: string;
      scope?: string[];
      authorizationURL?: string;
      tokenURL?: string;
      state?: boolean;
      pkce?: boolean;
    }
    type VerifyCallback = (err: unknown, user?: unknown, info?: unknown) => void;
    type VerifyFunction = (
      accessToken: string,
      refreshToken: string,
      profile: Profile,
      done: VerifyCallback,
    ) => void;
  }

  class DiscordStrategy implements PassportStrategy {
    constructor(options: DiscordStrategy.Options, verify: DiscordStrategy.VerifyFunction);
    name: string;
    authenticate(req: Request, options?: unknown): void;
    userProfile(
      accessToken: string,
      done: (err: unknown, profile?: DiscordStrategy.Profile) => void,
    ): void;
    protected _oauth2: OAuth2Client;
  }

  export = DiscordStrategy;
}
