import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What a target's secret holds. */
export type TargetCredentials = { password?: string; private_key?: string };

/**
 * Credentials of delivery targets at rest (docs/decisions/020): AES-256-GCM, a random 12-byte IV per
 * value, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is `DELIVERY_CREDENTIALS_KEY`
 * (32 bytes, hex or base64) when set, else derived with HKDF-SHA256 from the server secret under its own
 * label, so a leaked database alone does not reveal a store's password.
 */
export class CredentialBox {
  private readonly key: Buffer;

  constructor(explicitKey: string | undefined, serverSecret: string) {
    if (explicitKey) {
      const raw = /^[0-9a-f]{64}$/i.test(explicitKey) ? Buffer.from(explicitKey, 'hex') : Buffer.from(explicitKey, 'base64');
      if (raw.length !== 32) throw new Error('DELIVERY_CREDENTIALS_KEY must be 32 bytes (64 hex digits or base64)');
      this.key = raw;
    } else {
      this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'portal', 'delivery-credentials-v1', 32));
    }
  }

  seal(value: TargetCredentials): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Errors when the value was not sealed with this key or was altered. */
  open(sealed: string): TargetCredentials {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed credential');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')) as TargetCredentials;
  }
}
