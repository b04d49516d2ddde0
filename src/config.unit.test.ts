import { describe, expect, it } from 'vitest';
import { appOrigin, ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('a serving process in production with DATABASE_URL needs APP_URL', () => {
    const deployment = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/pitwall' };
    expect(() => loadConfig(deployment, { serving: true })).toThrow(ConfigError);
    expect(() => loadConfig(deployment, { serving: true })).toThrow(
      /APP_URL: required in production when DATABASE_URL is set/,
    );
    expect(
      loadConfig({ ...deployment, APP_URL: 'https://pitwall.example' }, { serving: true }).APP_URL,
    ).toBe('https://pitwall.example');
    // Tools that serve nothing start without it.
    expect(loadConfig(deployment).APP_URL).toBeUndefined();
  });

  it('production on the embedded database (no DATABASE_URL) defaults the origin to HOST:PORT', () => {
    const local = loadConfig(
      { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '3000' },
      { serving: true },
    );
    expect(local.APP_URL).toBeUndefined();
    expect(appOrigin(local)).toBe('http://127.0.0.1:3000');
    // Development starts without it, with or without a database.
    const dev = loadConfig(
      { NODE_ENV: 'development', DATABASE_URL: 'postgres://db.example/pitwall', PORT: '3104' },
      { serving: true },
    );
    expect(appOrigin(dev)).toBe('http://127.0.0.1:3104');
  });

  it('the public origin is APP_URL, else the configured host and port', () => {
    expect(appOrigin(loadConfig({ APP_URL: 'https://pitwall.example/some/path' }))).toBe(
      'https://pitwall.example',
    );
    expect(appOrigin(loadConfig({ HOST: '127.0.0.1', PORT: '3104' }))).toBe(
      'http://127.0.0.1:3104',
    );
    expect(appOrigin(loadConfig({ HOST: '0.0.0.0', PORT: '80' }))).toBe('http://localhost:80');
  });
});
