/**
 * `npm start`'s settings file and the names given to it: a .env that cannot be read is one sentence
 * (never an exception), and a name that is not a setting but resembles one is named with the
 * setting it resembles, while other programs' names are left alone.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvFile, resembledSentence, resembledSettings } from '../../src/base/config.js';

const dir = () => mkdtempSync(join(tmpdir(), 'rollcall-env-'));

describe('loadEnvFile', () => {
  it('reads the settings into the environment, a setting already there winning, and names them', () => {
    const path = join(dir(), '.env');
    writeFileSync(path, 'API_LIMITS=60/1m\nLOG_LEVEL="debug"\n# a comment\nDATA_DIR=/from-file\n');
    const env: NodeJS.ProcessEnv = { DATA_DIR: '/from-env' };
    const read = loadEnvFile(path, env);
    expect(read.ok && [...read.names].sort()).toEqual(['API_LIMITS', 'DATA_DIR', 'LOG_LEVEL']);
    expect(env).toEqual({ API_LIMITS: '60/1m', LOG_LEVEL: 'debug', DATA_DIR: '/from-env' });
  });

  it('is quiet when there is no file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(join(dir(), '.env'), env)).toEqual({ ok: true, names: [] });
    expect(env).toEqual({});
  });

  it('a directory is one sentence', () => {
    const path = join(dir(), '.env');
    mkdirSync(path);
    expect(loadEnvFile(path, {})).toEqual({
      ok: false,
      problem: `the settings file ${path} is a directory; put the settings in a file of that name (see .env.example), or remove it`,
    });
  });

  it('bytes that are not UTF-8 are one sentence naming the line, and nothing is read', () => {
    const path = join(dir(), '.env');
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from('LOG_LEVEL=info\nAPI_TOKEN=ab'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('\n'),
      ]),
    );
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(path, env)).toEqual({
      ok: false,
      problem: `the settings file ${path} is not UTF-8 text (line 2); save it as UTF-8`,
    });
    expect(env).toEqual({});
  });

  it('a file this user may not read is one sentence (the read refused as the system refuses it)', () => {
    const refused = (): Buffer => {
      throw Object.assign(new Error("EACCES: permission denied, open '.env'"), { code: 'EACCES' });
    };
    expect(loadEnvFile('.env', {}, refused)).toEqual({
      ok: false,
      problem:
        'the settings file .env cannot be read (EACCES); let the user running Rollcall read it, or remove it',
    });
  });
});

describe('resembledSettings', () => {
  it('names a misspelt setting with the one it resembles, and where it was set', () => {
    const env = { API_LIMIT: '60/1m', LOGLEVEL: 'debug', API_LIMITS: '100/month' };
    expect(resembledSettings(env, ['LOGLEVEL'])).toEqual([
      { name: 'API_LIMIT', resembles: 'API_LIMITS', from: 'the environment' },
      { name: 'LOGLEVEL', resembles: 'LOG_LEVEL', from: '.env' },
    ]);
    expect(resembledSentence({ name: 'LOGLEVEL', resembles: 'LOG_LEVEL', from: '.env' })).toBe(
      'LOGLEVEL (in .env) is not a setting Rollcall reads, so it is ignored; did you mean LOG_LEVEL?',
    );
  });

  it.each([
    ['API_LIMIT', 'API_LIMITS'], // a missing S
    ['DATA_DIRS', 'DATA_DIR'], // an extra S
    ['LOGLEVEL', 'LOG_LEVEL'], // a missing _
    ['API__TOKEN', 'API_TOKEN'], // an extra _
    ['CACHETTLLISTSECONDS', 'CACHE_TTL_LIST_SECONDS'], // every _ missing
    ['log_level', 'LOG_LEVEL'], // case
    ['DISCORD_TOKN', 'DISCORD_TOKEN'], // one letter
    ['DISCROD_TOKEN', 'DISCORD_TOKEN'], // two letters swapped
    ['API_BASE_URI', 'API_BASE_URL'], // one letter
    ['DATABSE_URLL', 'DATABASE_URL'], // two edits in a long name
    ['DIGEST_CHANNEL', 'DIGEST_CHANNEL_ID'], // a missing _ID
    ['REMINDER_CHANNEL', 'REMINDER_CHANNEL_ID'],
    ['QUOTA_ALERT_CHANNEL', 'QUOTA_ALERT_CHANNEL_ID'],
    ['ACCESS_ROLES', 'ACCESS_ROLE_IDS'], // a missing _IDS, the plural kept
    ['ACCESS_DISCORD_ROLE', 'ACCESS_DISCORD_ROLE_IDS'],
    ['discord_guild', 'DISCORD_GUILD_ID'],
  ])('%s resembles %s', (name, setting) => {
    expect(resembledSettings({ [name]: 'x' })).toEqual([
      { name, resembles: setting, from: 'the environment' },
    ]);
  });

  it('names a name that resembles no setting but starts as Rollcall’s do, with the settings so begun', () => {
    expect(resembledSettings({ API_URL: 'x', ACCESS_LEVEL: 'x', ROLLCALL_KEY: 'x' }, ['API_URL'])).toEqual([
      { name: 'API_URL', prefix: 'API_', from: '.env' },
      { name: 'ACCESS_LEVEL', prefix: 'ACCESS_', from: 'the environment' },
      { name: 'ROLLCALL_KEY', prefix: 'ROLLCALL_', from: 'the environment' },
    ]);
    expect(resembledSentence({ name: 'ACCESS_LEVEL', prefix: 'ACCESS_', from: 'the environment' })).toBe(
      'ACCESS_LEVEL (in the environment) is not a setting Rollcall reads, so it is ignored; the ACCESS_ settings are ACCESS_REQUIRE_MEMBER, ACCESS_ROLE_IDS, ACCESS_DISCORD_ROLE_IDS, ACCESS_MAX_AGE_SECONDS, ACCESS_GRACE_SECONDS (docs/settings.md)',
    );
  });

  it("leaves every setting, and other programs' names, alone", () => {
    const others = [
      'PATH',
      'HOME',
      'USER',
      'SHELL',
      'TERM',
      'LANG',
      'PWD',
      'OLDPWD',
      'HOSTNAME',
      'TZ',
      'CI',
      'DEBUG',
      'NODE_ENV',
      'NODE_OPTIONS',
      'NODE_EXTRA_CA_CERTS',
      'INIT_CWD',
      'COLOR',
      'EDITOR',
      'NODE',
      'LOGNAME',
      'XDG_DATA_DIRS',
      'XDG_RUNTIME_DIR',
      'REDIS_URL',
      'POSTGRES_PASSWORD',
      'SSL_CERT_DIR',
      'SHARD_LIST',
      'npm_config_cache',
      'npm_package_name',
      'npm_lifecycle_event',
      'npm_config_user_agent',
      '_',
    ];
    const settings = ['API_LIMITS', 'LOG_LEVEL', 'SHARDS', 'HEALTH_PORT_DEFAULT', 'CACHE_TTL_LIST_SECONDS'];
    expect(resembledSettings(Object.fromEntries([...others, ...settings].map((n) => [n, 'x'])))).toEqual([]);
  });
});
