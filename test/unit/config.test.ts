import { describe, expect, it } from 'vitest';
import {
  formatConfigErrors,
  isHosted,
  loadConfig,
  loadDeployConfig,
  secretValues,
} from '../../src/base/config.js';

const minimal = {
  DISCORD_TOKEN: 'discord-secret',
  DISCORD_APPLICATION_ID: '123456789012345678',
  DISCORD_GUILD_ID: '223456789012345678',
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
      expect.stringMatching(/^ROLLCALL_SECRET_KEY is required without API_TOKEN /),
    ]);
    expect(formatConfigErrors(result.errors)).toContain('  - ROLLCALL_SECRET_KEY is required');
  });

  it('applies defaults and trims the base URL', () => {
    const result = loadConfig(minimal);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.API_BASE_URL).toBe('https://api.example.test/api/v1');
    expect(result.config.API_LIMITS.map((l) => l.text)).toEqual(['100/month', '30/60s']);
    expect(result.config.DATA_DIR).toBe('./data');
    expect(result.config.COMMAND_PERMISSIONS).toBe('ModerateMembers');
    expect(result.config.ACCESS_ROLE_IDS).toEqual([]);
    expect(result.config.CACHE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const result = loadConfig({ ...minimal, CACHE_URL: '', DATABASE_URL: '  ' });
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
    expect(errorsFor({ API_RETRIES: value })).toEqual(['API_RETRIES must be a whole number from 0 to 5']);
  });

  it('reads REPORTS_REVIEW_AFTER_HOURS as 1 to 720 hours, off when unset', () => {
    const hours = (value?: string) => {
      const result = loadConfig({
        ...minimal,
        ...(value === undefined ? {} : { REPORTS_REVIEW_AFTER_HOURS: value }),
      });
      return result.ok ? result.config.REPORTS_REVIEW_AFTER_HOURS : result.errors;
    };
    expect(hours('48')).toBe(48);
    expect(hours()).toBeUndefined();
    expect(hours('')).toBeUndefined();
    for (const bad of ['0', '721', '1.5', 'x'])
      expect(hours(bad)).toEqual([
        expect.stringMatching(/^REPORTS_REVIEW_AFTER_HOURS must be a whole number from 1 to 720$/),
      ]);
  });

  it('reads plain digits, trimmed', () => {
    const result = loadConfig({ ...minimal, API_RETRIES: ' 3 ' });
    expect(result.ok && result.config.API_RETRIES).toBe(3);
  });

  it('reads API_LIMITS as N/window limits: a month, seconds, minutes, hours or days', () => {
    const result = loadConfig({ ...minimal, API_LIMITS: ' 100/month, 30/1m ,20/10s,5/h,1000/2d ' });
    expect(result.ok && result.config.API_LIMITS.map((l) => l.text)).toEqual([
      '100/month',
      '30/60s',
      '20/10s',
      '5/3600s',
      '1000/172800s',
    ]);
  });

  it.each([
    [
      '100',
      'API_LIMITS holds a limit, "100", that is not N/window; each limit is N/window, like 100/month, 30/1m or 20/10s',
    ],
    [
      '0/month',
      'API_LIMITS holds a limit, "0/month", that allows no request; a limit allows at least 1 request',
    ],
    [
      '10/0s',
      'API_LIMITS holds a limit, "10/0s", whose window is not from 1 s to 24 d (use month for the monthly allowance)',
    ],
    [
      '10/30d',
      'API_LIMITS holds a limit, "10/30d", whose window is not from 1 s to 24 d (use month for the monthly allowance)',
    ],
    [
      '100/month,30/1w',
      'API_LIMITS holds a 2nd limit, "30/1w", whose window unit is none of s, m, h, d or month',
    ],
    // Not shaped as a limit: named by its place, not quoted.
    [
      '1e3/month',
      'API_LIMITS holds a limit that is not N/window; each limit is N/window, like 100/month, 30/1m or 20/10s',
    ],
    ['100/month,50/month', 'API_LIMITS names more than one monthly limit'],
    [' , ', 'API_LIMITS must name at least one limit, like 100/month'],
  ])('refuses API_LIMITS=%j with one sentence', (value, sentence) => {
    expect(errorsFor({ API_LIMITS: value })).toEqual([sentence]);
  });

  it.each([
    ['the sandbox token', 'sandbox-token'],
    ['a 70-character random token', 'Zq8vN2pLr5Tx9Wc3Hb7Ky4Md6Fg1Js0Ea2Uo5Ri8Pn3Vl7Qt4Xw9Cz6By1Dk0Gh5Mf2Abc'],
    ['a token beside a limit', '100/month,rc_live_8f3k2m9x'],
    ['a short digits-and-letters secret', '30/1m,1a2b3c4d'],
  ])('never prints a secret set as API_LIMITS by mistake (%s)', (_what, value) => {
    const errors = errorsFor({ API_LIMITS: value });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^API_LIMITS holds a (2nd )?limit that is not N\/window/);
    for (const piece of value.split(','))
      if (!/^\d+\/month$|^30\/1m$/.test(piece))
        expect(errors[0]?.toLowerCase()).not.toContain(piece.toLowerCase());
  });

  it.each(['API_BUDGET', 'API_BUDGET_WINDOW_SECONDS'])('refuses the old %s, naming API_LIMITS', (name) => {
    expect(errorsFor({ [name]: '60' })).toEqual([
      `${name} is no longer read; use API_LIMITS (e.g. API_LIMITS=100/month,60/1m) instead, and remove it`,
    ]);
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

  it('lists the secret keys in every form they can be written', () => {
    const key = Buffer.alloc(32, 0xfb);
    const result = loadConfig({
      ...minimal,
      API_TOKEN: '',
      DISCORD_GUILD_ID: '',
      ROLLCALL_SECRET_KEY: key.toString('hex'),
      ROLLCALL_SECRET_KEY_PREVIOUS: key.toString('base64url'),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(secretValues(result.config)).toEqual(
      expect.arrayContaining([key.toString('base64'), key.toString('base64url'), key.toString('hex')]),
    );
  });

  it('finds the password of a URL setting it does not know by name', () => {
    expect(secretValues({ BACKUP_URL: 'postgres://rc:db-pw@db/rollcall', API_TOKEN: 't' })).toEqual([
      't',
      'db-pw',
    ]);
  });

  it('lists only the tokens when no URL carries a password', () => {
    const result = loadConfig({ ...minimal, CACHE_URL: 'redis://cache.internal:6379' });
    expect(result.ok && secretValues(result.config)).toEqual(['discord-secret', 'api-secret']);
  });
});

describe('config: the servers API_TOKEN serves', () => {
  const { DISCORD_GUILD_ID: _unset, ...withoutGuild } = minimal;

  it('refuses API_TOKEN without DISCORD_GUILD_ID in one line', () => {
    for (const guild of [undefined, '', ' , ']) {
      const result = loadConfig({
        ...withoutGuild,
        ...(guild === undefined ? {} : { DISCORD_GUILD_ID: guild }),
      });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatch(/^DISCORD_GUILD_ID is required with API_TOKEN: /);
      expect(result.errors.join('\n')).not.toContain('api-secret');
    }
  });

  it('reports the missing server beside every other problem', () => {
    const result = loadConfig({ ...withoutGuild, API_RETRIES: '9' });
    expect(!result.ok && result.errors.map((e) => e.split(' ')[0])).toEqual([
      'API_RETRIES',
      'DISCORD_GUILD_ID',
    ]);
  });

  it('reads one id or a comma-separated list', () => {
    const one = loadConfig(minimal);
    expect(one.ok && one.config.DISCORD_GUILD_ID).toEqual(['223456789012345678']);
    const two = loadConfig({ ...minimal, DISCORD_GUILD_ID: '223456789012345678, 323456789012345678,' });
    expect(two.ok && two.config.DISCORD_GUILD_ID).toEqual(['223456789012345678', '323456789012345678']);
  });

  it('names a bad id', () => {
    for (const bad of ['abc', '223456789012345678,12', '223456789012345678;323456789012345678']) {
      const result = loadConfig({ ...minimal, DISCORD_GUILD_ID: bad });
      expect(!result.ok && result.errors).toEqual([
        'DISCORD_GUILD_ID must be Discord server ids (17-20 digits) separated by commas',
      ]);
    }
  });

  it('deploys globally only when no server is listed', () => {
    const deploy = loadDeployConfig({ DISCORD_TOKEN: 't', DISCORD_APPLICATION_ID: '123456789012345678' });
    expect(deploy.ok && deploy.config.DISCORD_GUILD_ID).toEqual([]);
  });
});

describe('config: hosted mode (no API_TOKEN)', () => {
  const { API_TOKEN: _token, DISCORD_GUILD_ID: _guild, ...hosted } = minimal;
  const key = Buffer.alloc(32, 7).toString('base64');

  it('needs ROLLCALL_SECRET_KEY, named in one line', () => {
    const result = loadConfig(hosted);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^ROLLCALL_SECRET_KEY is required without API_TOKEN /);
  });

  it('starts without DISCORD_GUILD_ID once the key is set', () => {
    const result = loadConfig({ ...hosted, ROLLCALL_SECRET_KEY: key });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(isHosted(result.config)).toBe(true);
    expect(result.config.DISCORD_GUILD_ID).toEqual([]);
  });

  it('refuses a malformed key by name', () => {
    const result = loadConfig({ ...hosted, ROLLCALL_SECRET_KEY: 'short' });
    expect(!result.ok && result.errors[0]).toMatch(/^ROLLCALL_SECRET_KEY must be 32 random bytes/);
  });

  it('is single-community mode with API_TOKEN', () => {
    const result = loadConfig(minimal);
    expect(result.ok && isHosted(result.config)).toBe(false);
  });
});
