import { describe, expect, it } from 'vitest';
import { formatConfigErrors, loadConfig, loadDeployConfig, secretValues } from '../../src/config.js';

const minimal = {
  DISCORD_TOKEN: 'discord-secret',
  DISCORD_APPLICATION_ID: '123456789012345678',
  API_BASE_URL: 'https://api.example.test/api/v1/',
  API_TOKEN: 'api-secret',
};

describe('config', () => {
  it('names every missing setting at once', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'DISCORD_TOKEN is required',
      'DISCORD_APPLICATION_ID is required',
      'API_BASE_URL is required',
      'API_TOKEN is required',
    ]);
    expect(formatConfigErrors(result.errors)).toContain('  - API_TOKEN is required');
  });

  it('applies defaults and trims the base URL', () => {
    const result = loadConfig(minimal);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.API_BASE_URL).toBe('https://api.example.test/api/v1');
    expect(result.config.API_BUDGET).toBe(60);
    expect(result.config.COMMAND_PERMISSIONS).toBe('ModerateMembers');
    expect(result.config.ACCESS_ROLE_IDS).toEqual([]);
    expect(result.config.CACHE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const result = loadConfig({ ...minimal, CACHE_URL: '', DISCORD_GUILD_ID: '  ' });
    expect(result.ok).toBe(true);
  });

  it('reports malformed values by name without echoing secrets', () => {
    const result = loadConfig({
      ...minimal,
      DISCORD_APPLICATION_ID: 'abc',
      API_BASE_URL: 'ftp://x',
      API_RETRIES: '9',
      CACHE_URL: 'http://localhost',
      ACCESS_REQUIRE_MEMBER: 'maybe',
      LOG_LEVEL: 'loud',
      COMMAND_PERMISSIONS: 'Moderate Members!',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const names = result.errors.map((e) => e.split(' ')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'DISCORD_APPLICATION_ID',
        'API_BASE_URL',
        'API_RETRIES',
        'CACHE_URL',
        'ACCESS_REQUIRE_MEMBER',
        'LOG_LEVEL',
        'COMMAND_PERMISSIONS',
      ]),
    );
    expect(result.errors.join('\n')).not.toMatch(/secret/);
  });

  it('parses lists and booleans', () => {
    const result = loadConfig({ ...minimal, ACCESS_ROLE_IDS: 'a, b,,c', ACCESS_REQUIRE_MEMBER: 'yes' });
    expect(result.ok && result.config.ACCESS_ROLE_IDS).toEqual(['a', 'b', 'c']);
    expect(result.ok && result.config.ACCESS_REQUIRE_MEMBER).toBe(true);
  });

  it('deploy needs only the Discord settings', () => {
    const result = loadDeployConfig({ DISCORD_TOKEN: 't', DISCORD_APPLICATION_ID: '123456789012345678' });
    expect(result.ok).toBe(true);
    const missing = loadDeployConfig({});
    expect(!missing.ok && missing.errors).toEqual([
      'DISCORD_TOKEN is required',
      'DISCORD_APPLICATION_ID is required',
    ]);
  });
});

describe('config: strict values', () => {
  const errorsFor = (extra: Record<string, string>) => {
    const result = loadConfig({ ...minimal, ...extra });
    return result.ok ? [] : result.errors;
  };

  it.each(['1e3', '0x10', '+5', '1.0', '12abc', '-1', '1_000'])('refuses %j as a whole number', (value) => {
    expect(errorsFor({ API_BUDGET: value })).toEqual(['API_BUDGET must be a whole number from 1 to 100000']);
  });

  it('reads plain digits, trimmed', () => {
    const result = loadConfig({ ...minimal, API_BUDGET: ' 12 ' });
    expect(result.ok && result.config.API_BUDGET).toBe(12);
  });

  it('refuses credentials in the API and Discord addresses, without echoing them', () => {
    const errors = errorsFor({
      API_BASE_URL: 'https://user:s3cret-pw@api.example.test/api/v1',
      DISCORD_API_URL: 'http://bot@127.0.0.1:9/api',
    });
    expect(errors).toEqual([
      'DISCORD_API_URL must not contain a user name or password (the API token is the only credential)',
      'API_BASE_URL must not contain a user name or password (the API token is the only credential)',
    ]);
    expect(formatConfigErrors(errors)).not.toContain('s3cret-pw');
  });

  it('wants the API address to end in /api/v1', () => {
    expect(errorsFor({ API_BASE_URL: 'https://api.example.test/' })).toEqual([
      'API_BASE_URL must end in /api/v1 (the API version prefix)',
    ]);
    expect(errorsFor({ API_BASE_URL: 'https://api.example.test/base/api/v1//' })).toEqual([]);
  });

  it('wants a host in the Redis address, and accepts a password there', () => {
    expect(errorsFor({ CACHE_URL: 'redis://' })).toEqual(['CACHE_URL must name a host']);
    expect(errorsFor({ CACHE_URL: 'redis://:pw@127.0.0.1:6379' })).toEqual([]);
  });

  it.each([
    ['API_BASE_URL', 'nonsense', 'must be an http(s) URL'],
    ['API_BASE_URL', 'ftp://api.example.test/api/v1', 'must be an http(s) URL'],
    ['API_BASE_URL', 'https://u:pw@/api/v1', 'must be an http(s) URL'],
    [
      'API_BASE_URL',
      'https://user:pw@api.example.test/nope',
      'must not contain a user name or password (the API token is the only credential)',
    ],
    ['DISCORD_API_URL', 'http://', 'must be an http(s) URL'],
    ['DISCORD_API_URL', 'not a url', 'must be an http(s) URL'],
    ['CACHE_URL', 'redis://', 'must name a host'],
    ['CACHE_URL', 'http://cache', 'must be a redis:// or rediss:// URL'],
    ['CACHE_URL', 'redis://:pw@', 'must be a redis:// or rediss:// URL'],
    ['CACHE_URL', 'nonsense', 'must be a redis:// or rediss:// URL'],
  ])('%s=%j: exactly one message', (name, value, message) => {
    expect(errorsFor({ [name]: value })).toEqual([`${name} ${message}`]);
  });

  it('wants a host in every URL setting', () => {
    for (const [name, value] of [
      ['API_BASE_URL', 'file:///api/v1'],
      ['DISCORD_API_URL', 'http://:9/api'],
      ['CACHE_URL', 'redis://:6379'],
      ['CACHE_URL', 'redis:///0'],
    ] as const) {
      const errors = errorsFor({ [name]: value });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(new RegExp(`^${name} must (name a host|be an? )`));
    }
  });
});

describe('secretValues', () => {
  it('lists both tokens and every URL password, as written and decoded', () => {
    const result = loadConfig({
      ...minimal,
      CACHE_URL: 'redis://rollcall:p%40ss%22w%5Cord@cache.internal:6379',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(secretValues(result.config).sort()).toEqual(
      ['discord-secret', 'api-secret', 'p%40ss%22w%5Cord', 'p@ss"w\\ord'].sort(),
    );
  });

  it('finds the password of a URL setting it does not know by name', () => {
    expect(secretValues({ DATABASE_URL: 'postgres://rc:db-pw@db/rollcall', API_TOKEN: 't' })).toEqual([
      't',
      'db-pw',
    ]);
  });

  it('lists only the tokens when no URL carries a password', () => {
    const result = loadConfig({ ...minimal, CACHE_URL: 'redis://cache.internal:6379' });
    expect(result.ok && secretValues(result.config)).toEqual(['discord-secret', 'api-secret']);
  });
});
