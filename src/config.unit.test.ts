import { describe, expect, it } from 'vitest';
import { appOrigin, ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('a serving process in production needs APP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, { serving: true })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' }, { serving: true })).toThrow(/APP_URL/);
    expect(
      loadConfig({ NODE_ENV: 'production', APP_URL: 'https://pitwall.example' }, { serving: true })
        .APP_URL,
    ).toBe('https://pitwall.example');
    // Development, and tools that serve nothing, start without it.
    expect(loadConfig({ NODE_ENV: 'development' }, { serving: true }).APP_URL).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).APP_URL).toBeUndefined();
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
