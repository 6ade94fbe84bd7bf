import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A sealed value at rest (docs/decisions/032-sealed-secrets-and-complete-backups.md):
 * `v2.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url. AES-256-GCM, a random 12-byte IV per value,
 * the value's place (`<table>.<column>`) as additional authenticated data, so a sealed value copied into
 * another column does not open. The key id is 8 characters of SHA-256 over the key: it says which key
 * opens the value (rotation) and reveals nothing usable about the key.
 */
const V2 = /^v2\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]*)$/;
/** Delivery credentials of decision 020 (`v1.<iv>.<tag>.<ciphertext>`): no key id, no place; opened with the legacy key only. */
const V1 = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]*)$/;

/** A value that does not open: not sealed, sealed under a key this keyring lacks, or altered. */
export class SealError extends Error {}

/** The id a key's values carry (8 base64url characters). */
export const keyId = (key: Buffer): string => createHash('sha256').update('portal-seal-key-id\0').update(key).digest('base64url').slice(0, 8);

/**
 * A key as configured: 64 hex digits, or base64 / base64url of exactly 32 bytes. Answers null for
 * anything else (the caller names the variable).
 */
export function parseSealKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/** Which kind of value a stored text is: sealed under a key id, legacy v1, or clear (not sealed at all). */
export type SealedKind = { kind: 'v2'; keyId: string } | { kind: 'v1' } | { kind: 'clear' };

/**
 * The keys sealed values are opened and sealed with: `current` seals every new value; `previous` keys
 * still open values sealed under them (a rotation in progress, decision 032); `legacy` opens the v1
 * delivery credentials sealed before this keyring existed. Immutable; one per configuration.
 */
export class Keyring {
  private readonly keys = new Map<string, Buffer>();
  readonly currentId: string;
  readonly previousIds: string[];

  constructor(
    private readonly current: Buffer,
    previous: Buffer[] = [],
    private readonly legacy: Buffer | null = null,
  ) {
    if (current.length !== 32) throw new Error('a seal key is 32 bytes');
    this.currentId = keyId(current);
    this.keys.set(this.currentId, current);
    this.previousIds = [];
    for (const k of previous) {
      const id = keyId(k);
      if (this.keys.has(id)) continue;
      this.keys.set(id, k);
      this.previousIds.push(id);
    }
  }

  /** Whether values sealed under key `id` open with this keyring. */
  opens(id: string): boolean {
    return this.keys.has(id);
  }

  /** Classify a stored text without opening it. */
  static kindOf(value: string): SealedKind {
    const v2 = V2.exec(value);
    if (v2) return { kind: 'v2', keyId: v2[1]! };
    return V1.test(value) ? { kind: 'v1' } : { kind: 'clear' };
  }

  /** Seal `plain` (UTF-8 text) for the place `context` (`<table>.<column>`) under the current key. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v2', this.currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /**
   * Open a sealed value of the place `context`. v2 values open with the key their id names (current or
   * previous), v1 values with the legacy key. Throws SealError naming the key id when this keyring lacks
   * that key, or when the value was altered or belongs to another place.
   */
  open(sealed: string, context: string): string {
    const v2 = V2.exec(sealed);
    if (v2) {
      const key = this.keys.get(v2[1]!);
      if (!key) throw new SealError(`sealed under key ${v2[1]}, which SEAL_KEY / SEAL_KEY_PREVIOUS do not hold`);
      return this.decrypt(key, v2[2]!, v2[3]!, v2[4]!, context);
    }
    const v1 = V1.exec(sealed);
    if (v1 && this.legacy) return this.decrypt(this.legacy, v1[1]!, v1[2]!, v1[3]!, null);
    throw new SealError('not a sealed value');
  }

  private decrypt(key: Buffer, iv: string, tag: string, data: string, context: string | null): string {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (context !== null) decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealError('the sealed value does not open (altered, or sealed for another place)');
    }
  }
}
