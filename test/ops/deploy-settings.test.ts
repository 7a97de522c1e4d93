/**
 * Settings as the deployment files hand them over: the image's health port survives a copied .env's
 * `HEALTH_PORT=`, and compose's database password reaches the bot whatever characters it holds
 * (DATABASE_PASSWORD, written into DATABASE_URL percent-encoded, read back by pg as it was).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadStoreConfig, secretValues } from '../../src/base/config.js';
import { readyzUrl } from '../../src/ops/healthcheck.js';
import { environmentOf, interpolate, readCompose, rollcallServices } from './compose.js';
import { REQUIRED_EXAMPLE } from './env-file.js';

/** What pg connects with, from a connection string. */
const pgParameters = (url: string) =>
  (new pg.Client({ connectionString: url }) as unknown as { connectionParameters: Record<string, unknown> })
    .connectionParameters;

/** Passwords a generator or a person may choose: base64's / + =, and @ : % which a URL reserves. */
const PASSWORDS = ['q/Zr+8w==', 'p@ss:word', 'a/b+c=d@e:f', '100%sure', 'kX9/+Lm2Qw==@:#?'];

describe('HEALTH_PORT, empty as a copied .env leaves it', () => {
  const base = { ...REQUIRED_EXAMPLE };

  it("means HEALTH_PORT_DEFAULT (the image's 8080), not off", () => {
    const loaded = loadConfig({ ...base, HEALTH_PORT: '', HEALTH_PORT_DEFAULT: '8080' });
    expect(loaded.ok && loaded.config.HEALTH_PORT).toBe(8080);
    expect(readyzUrl({ HEALTH_PORT: '', HEALTH_PORT_DEFAULT: '8080' })).toBe('http://127.0.0.1:8080/readyz');
    expect(readyzUrl({ HEALTH_PORT: '  ', HEALTH_PORT_DEFAULT: '8080' })).toBe(
      'http://127.0.0.1:8080/readyz',
    );
  });

  it('a port given wins over the default; neither means no listener', () => {
    const given = loadConfig({ ...base, HEALTH_PORT: '9100', HEALTH_PORT_DEFAULT: '8080' });
    expect(given.ok && given.config.HEALTH_PORT).toBe(9100);
    expect(readyzUrl({ HEALTH_PORT: '9100', HEALTH_PORT_DEFAULT: '8080' })).toBe(
      'http://127.0.0.1:9100/readyz',
    );
    const neither = loadConfig({ ...base, HEALTH_PORT: '' });
    expect(neither.ok && neither.config.HEALTH_PORT).toBeUndefined();
    expect(readyzUrl({ HEALTH_PORT: '' })).toBeUndefined();
  });

  it('a malformed default is named as such', () => {
    const loaded = loadConfig({ ...base, HEALTH_PORT_DEFAULT: 'eighty' });
    expect(loaded.ok ? [] : loaded.errors).toEqual([
      'HEALTH_PORT_DEFAULT must be a port number from 0 to 65535',
    ]);
  });
});

describe('DATABASE_PASSWORD', () => {
  it('becomes the password of DATABASE_URL, percent-encoded, and pg reads it back as written', () => {
    for (const password of PASSWORDS) {
      const loaded = loadConfig({
        ...REQUIRED_EXAMPLE,
        DATABASE_URL: 'postgres://rollcall@db.internal:5432/rollcall',
        DATABASE_PASSWORD: password,
      });
      expect(loaded.ok ? [] : loaded.errors, password).toEqual([]);
      if (!loaded.ok) continue;
      const url = loaded.config.DATABASE_URL as string;
      expect(pgParameters(url), password).toMatchObject({
        user: 'rollcall',
        password,
        host: 'db.internal',
        port: 5432,
        database: 'rollcall',
      });
      expect(secretValues(loaded.config)).toContain(password);
    }
  });

  it('replaces a password written in the URL, and the store tool reads it the same way', () => {
    const env = { DATABASE_URL: 'postgres://rollcall:old@db/rollcall', DATABASE_PASSWORD: 'n/e+w=' };
    const store = loadStoreConfig({ ...env, ROLLCALL_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') });
    expect(store.ok ? [] : store.errors).toEqual([]);
    expect(store.ok && pgParameters(store.config.DATABASE_URL as string).password).toBe('n/e+w=');
  });

  it('without DATABASE_URL is refused by name', () => {
    const loaded = loadConfig({ ...REQUIRED_EXAMPLE, DATABASE_PASSWORD: 'secret' });
    expect(loaded.ok ? [] : loaded.errors).toEqual([
      'DATABASE_PASSWORD is read only with DATABASE_URL (the password of that database)',
    ]);
  });
});

describe('compose.yaml', () => {
  const compose = readCompose();
  const services = rollcallServices(compose);

  it('gives the bot a named volume at /data, where the image keeps DATA_DIR', () => {
    expect(services.bot?.volumes).toContain('rollcall-data:/data');
    expect(Object.keys(compose.volumes ?? {})).toContain('rollcall-data');
  });

  it('never pastes POSTGRES_PASSWORD into a URL; with / + = @ : in it, the bot connects with that password', () => {
    const postgres = environmentOf(compose.services.postgres ?? {});
    for (const [name, service] of Object.entries(services)) {
      const raw = environmentOf(service);
      expect(raw.DATABASE_URL, name).not.toContain('POSTGRES_PASSWORD');
      for (const password of PASSWORDS) {
        const vars = { POSTGRES_PASSWORD: password };
        const env = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, interpolate(v, vars)]));
        const loaded = loadConfig({ ...REQUIRED_EXAMPLE, ...env });
        expect(loaded.ok ? [] : loaded.errors, `${name}: ${password}`).toEqual([]);
        if (!loaded.ok) continue;
        const connects = pgParameters(loaded.config.DATABASE_URL as string);
        // the database's own user, database and password, as the postgres service is set up
        expect(connects.password, `${name}: ${password}`).toBe(
          interpolate(postgres.POSTGRES_PASSWORD ?? '', vars),
        );
        expect(connects.user).toBe(postgres.POSTGRES_USER);
        expect(connects.database).toBe(postgres.POSTGRES_DB);
      }
      // compose itself refuses to start without the password, naming it
      expect(() => interpolate(raw.DATABASE_PASSWORD ?? '', {})).toThrow(/POSTGRES_PASSWORD/);
    }
  });
});
