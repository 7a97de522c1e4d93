/** Sealing, key settings and the re-encryption script (SQLite; the store tests cover both databases). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeKey, loadConfig, loadStoreConfig } from '../../src/base/config.js';
import { Keyring, SealError, sealKey, tokenFingerprint } from '../../src/store/crypto.js';
import { openStore } from '../../src/store/index.js';
import { main as reencrypt } from '../../src/store/reencrypt.js';

const single = {
  DISCORD_TOKEN: 'discord-secret',
  DISCORD_APPLICATION_ID: '123456789012345678',
  DISCORD_GUILD_ID: '223456789012345678',
  API_BASE_URL: 'https://api.example.test/api/v1',
  API_TOKEN: 'api-secret',
};

describe('ROLLCALL_SECRET_KEY', () => {
  const bytes = randomBytes(32);

  it('is 32 bytes in hex or base64 (standard or URL-safe, padded or not)', () => {
    for (const written of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64').replace(/=$/, ''),
      bytes.toString('base64url'),
    ]) {
      expect(decodeKey(written)).toEqual(bytes);
    }
    for (const wrong of [
      randomBytes(31).toString('hex'),
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('base64'),
      'correct horse battery staple',
      `${bytes.toString('hex')}0`,
    ]) {
      expect(decodeKey(wrong)).toBeUndefined();
    }
  });

  it('a bad key is named at start, without echoing it', () => {
    const wrong = randomBytes(16).toString('hex');
    const result = loadConfig({
      ...single,
      ROLLCALL_SECRET_KEY: wrong,
      ROLLCALL_SECRET_KEY_PREVIOUS: 'short',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.split(' ')[0])).toEqual([
      'ROLLCALL_SECRET_KEY',
      'ROLLCALL_SECRET_KEY_PREVIOUS',
    ]);
    expect(result.errors[0]).toMatch(/must be 32 random bytes written as base64 or hex/);
    expect(result.errors.join('\n')).not.toContain(wrong);
  });

  it('single-community mode does not need it; the store does', () => {
    const result = loadConfig(single);
    expect(result.ok && result.config.ROLLCALL_SECRET_KEY).toBeUndefined();
    expect(result.ok && result.config.DATA_DIR).toBe('./data');
    const store = loadStoreConfig({});
    expect(!store.ok && store.errors).toEqual(['ROLLCALL_SECRET_KEY is required']);
    const withKey = loadStoreConfig({ ROLLCALL_SECRET_KEY: bytes.toString('base64') });
    expect(withKey.ok && withKey.config.ROLLCALL_SECRET_KEY).toEqual(bytes);
    expect(withKey.ok && withKey.config.DATA_DIR).toBe('./data');
  });

  it('DATABASE_URL must be a postgres:// URL with a host', () => {
    const errorsFor = (url: string) => {
      const result = loadStoreConfig({ ROLLCALL_SECRET_KEY: bytes.toString('hex'), DATABASE_URL: url });
      return result.ok ? [] : result.errors;
    };
    expect(errorsFor('postgres://rollcall:pw@db.internal:5432/rollcall')).toEqual([]);
    expect(errorsFor('postgresql://127.0.0.1/test')).toEqual([]);
    expect(errorsFor('mysql://127.0.0.1/test')).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    ]);
  });
});

describe('sealing', () => {
  const keyring = new Keyring(randomBytes(32));

  it('uses a fresh 12-byte nonce for every write', () => {
    const token = 'rc_token_value';
    const a = keyring.seal('1', token);
    const b = keyring.seal('1', token);
    expect(a.sealed).not.toBe(b.sealed);
    const raw = Buffer.from(a.sealed, 'base64');
    expect(raw.length).toBe(12 + Buffer.byteLength(token) + 16);
    expect(raw.subarray(0, 12)).not.toEqual(Buffer.from(b.sealed, 'base64').subarray(0, 12));
    expect(keyring.open('1', a.keyId, a.sealed)).toBe(token);
    expect(keyring.open('1', b.keyId, b.sealed)).toBe(token);
  });

  it('opens only for the owner it was sealed for, and only with a known key', () => {
    const { keyId, sealed } = keyring.seal('1', 'rc_token_value');
    expect(() => keyring.open('2', keyId, sealed)).toThrow(SealError);
    expect(() => keyring.open('1', 'ffffffffffffffff', sealed)).toThrow(/neither ROLLCALL_SECRET_KEY/);
    expect(() => keyring.open('1', keyId, 'AAAA')).toThrow(SealError);
  });

  it('names each key by a stable id that is not the key', () => {
    const bytes = randomBytes(32);
    expect(sealKey(bytes).id).toBe(sealKey(Buffer.from(bytes)).id);
    expect(sealKey(bytes).id).not.toBe(sealKey(randomBytes(32)).id);
    expect(bytes.toString('hex')).not.toContain(sealKey(bytes).id);
    expect(new Keyring(bytes, bytes).previous).toBeUndefined();
  });

  it('fingerprints a token without revealing it', () => {
    const token = `rc_${randomBytes(16).toString('hex')}`;
    const print = tokenFingerprint(token);
    expect(print).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
    expect(tokenFingerprint(token)).toBe(print);
    expect(tokenFingerprint(`${token}x`)).not.toBe(print);
    expect(token).not.toContain(print.replace(/-/g, ''));
  });
});

describe('npm run store:reencrypt', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reseals every token under the new key, after which the old key can go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollcall-reencrypt-'));
    dirs.push(dir);
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = await openStore({ dataDir: dir, secretKey: oldKey });
    await before.saveCredential('1', { token: 'rc_token_one', linkedBy: '9' });
    await before.saveCredential('2', { token: 'rc_token_two', linkedBy: '9' });
    await before.close();

    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    const code = await reencrypt({
      DATA_DIR: dir,
      ROLLCALL_SECRET_KEY: newKey.toString('base64'),
      ROLLCALL_SECRET_KEY_PREVIOUS: oldKey.toString('hex'),
    });
    expect(code).toBe(0);
    expect(out.join('')).toMatch(/^Sealed 2 stored API token\(s\) again under the current key/);

    const after = await openStore({ dataDir: dir, secretKey: newKey });
    expect((await after.getCredential('2'))?.token).toBe('rc_token_two');
    await after.close();
  });

  it('without the key: the settings message, exit code 1', async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
    expect(await reencrypt({})).toBe(1);
    expect(err.join('')).toContain('  - ROLLCALL_SECRET_KEY is required');
  });
});
