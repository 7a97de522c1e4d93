/**
 * Sealing of stored secrets: AES-256-GCM (node:crypto) with a random 96-bit nonce for every write,
 * the owning server's id as additional authenticated data, and the id of the key that sealed it.
 *
 * A sealed value is `base64(nonce || ciphertext || tag)`. Because the server id is authenticated,
 * a row copied under another server's id does not open; because the key id is stored beside it,
 * the key can be rotated (the previous key stays readable until every row is sealed again).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to its purpose and format version as well as to its server. */
const AAD_PREFIX = 'rollcall:credential:v1:';

/** One 32-byte key and its id (a hash of the key: it names the key without revealing it). */
interface SealKey {
  readonly id: string;
  readonly bytes: Buffer;
}

export function sealKey(bytes: Buffer): SealKey {
  if (bytes.length !== 32) throw new RangeError('a sealing key is 32 bytes');
  const id = createHash('sha256').update('rollcall-key-id:').update(bytes).digest('hex').slice(0, 16);
  return { id, bytes: Buffer.from(bytes) };
}

/** The current key (seals and opens) and any previous one (opens only, during a rotation). */
export class Keyring {
  readonly current: SealKey;
  readonly previous: SealKey | undefined;

  constructor(current: Buffer, previous?: Buffer) {
    this.current = sealKey(current);
    this.previous = previous ? sealKey(previous) : undefined;
    if (this.previous?.id === this.current.id) this.previous = undefined;
  }

  find(id: string): SealKey | undefined {
    if (id === this.current.id) return this.current;
    if (id === this.previous?.id) return this.previous;
    return undefined;
  }

  seal(owner: string, plaintext: string): { keyId: string; sealed: string } {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.current.bytes, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(owner));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
    return { keyId: this.current.id, sealed };
  }

  /**
   * Open a value sealed for `owner` under key `keyId`. Throws `SealError` when the key is unknown,
   * the value was sealed for another owner, or it was altered.
   */
  open(owner: string, keyId: string, sealed: string): string {
    const key = this.find(keyId);
    if (!key) throw new SealError('unknown-key');
    const raw = Buffer.from(sealed, 'base64');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SealError('damaged');
    const nonce = raw.subarray(0, NONCE_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const body = raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, key.bytes, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(owner));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SealError('damaged');
    }
  }
}

function aad(owner: string): Buffer {
  return Buffer.from(`${AAD_PREFIX}${owner}`, 'utf8');
}

/** Why a sealed value did not open: its key is not configured, or it is not what was sealed for this owner. */
export class SealError extends Error {
  constructor(readonly reason: 'unknown-key' | 'damaged') {
    super(
      reason === 'unknown-key'
        ? 'sealed with a key that is neither ROLLCALL_SECRET_KEY nor ROLLCALL_SECRET_KEY_PREVIOUS'
        : 'does not decrypt: sealed for another server, or altered',
    );
    this.name = 'SealError';
  }
}

/**
 * A short, stable fingerprint of a token, safe to show an admin ("which token is linked?"):
 * 12 hex digits of its SHA-256, in groups of four. It cannot be turned back into the token.
 */
export function tokenFingerprint(token: string): string {
  const hex = createHash('sha256').update('rollcall-token-fingerprint:').update(token).digest('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}

/**
 * A short, stable stand-in for the API token: the first 16 hex digits of its SHA-256. Used wherever
 * the token must be told apart (cache keys, limiter keys, metrics, logs, the community a snapshot
 * is kept under) without being shown. Written once, here in the store, the lowest layer that needs
 * it, so the API and the store key a community's data alike.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}
