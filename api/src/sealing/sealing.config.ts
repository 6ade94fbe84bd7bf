import { hkdfSync } from 'node:crypto';
import { Keyring, parseSealKey } from './keyring';

/**
 * Keys of the values sealed at rest (docs/decisions/032-sealed-secrets-and-complete-backups.md), read
 * once at boot with the rest of AppConfig:
 * - SEAL_KEY: 32 bytes (64 hex digits or base64) sealing staff TOTP seeds, bank identifiers and delivery
 *   credentials. Required when NODE_ENV=production; otherwise derived from JWT_SECRET (HKDF-SHA256 under
 *   its own label), so a local run needs nothing.
 * - SEAL_KEY_PREVIOUS: comma-separated older keys, still accepted for opening while `seal-rotate`
 *   re-seals their values under SEAL_KEY; removed once it reports none left.
 * - DELIVERY_CREDENTIALS_KEY (decision 020), else the key derived from JWT_SECRET then: opens delivery
 *   credentials sealed before SEAL_KEY existed (`v1`), until `seal-rotate` re-seals them.
 */
export type SealingConfig = {
  current: Buffer;
  previous: Buffer[];
  /** The v1 delivery-credentials key. */
  legacy: Buffer;
  /** Where `current` came from. */
  source: 'SEAL_KEY' | 'derived from JWT_SECRET';
};

/** Parse the sealing variables; `fail` builds the error naming the variable (ConfigError). */
export function sealingConfig(env: NodeJS.ProcessEnv, ctx: { production: boolean; jwtSecret: string; deliveryKey: string | undefined }, fail: (message: string) => Error): SealingConfig {
  const raw = env.SEAL_KEY?.trim() ?? '';
  let current: Buffer;
  let source: SealingConfig['source'];
  if (raw) {
    if (/^change-me/i.test(raw) && ctx.production) throw fail('SEAL_KEY is still the placeholder from docker-compose.yml: set 32 random bytes (SEAL_KEY=$(openssl rand -hex 32) in .env) before starting in production.');
    const key = parseSealKey(raw);
    if (!key) throw fail('SEAL_KEY must be 32 bytes: 64 hex digits or base64 (e.g. SEAL_KEY=$(openssl rand -hex 32)).');
    current = key;
    source = 'SEAL_KEY';
  } else {
    if (ctx.production) throw fail('SEAL_KEY is required when NODE_ENV=production: 32 random bytes (SEAL_KEY=$(openssl rand -hex 32)) sealing staff TOTP seeds and bank details; keep it in your secret store, not in the backup.');
    current = Buffer.from(hkdfSync('sha256', ctx.jwtSecret, 'portal', 'sealed-values-v2', 32));
    source = 'derived from JWT_SECRET';
  }
  const previous: Buffer[] = [];
  for (const [i, part] of (env.SEAL_KEY_PREVIOUS ?? '').split(',').map((s) => s.trim()).filter(Boolean).entries()) {
    const key = parseSealKey(part);
    if (!key) throw fail(`SEAL_KEY_PREVIOUS must list 32-byte keys (64 hex digits or base64), separated by commas: entry ${i + 1} is not one.`);
    previous.push(key);
  }
  const legacyRaw = ctx.deliveryKey ? parseSealKey(ctx.deliveryKey) : null;
  const legacy = legacyRaw ?? Buffer.from(hkdfSync('sha256', ctx.jwtSecret, 'portal', 'delivery-credentials-v1', 32));
  return { current, previous, legacy, source };
}

/** The keyring of a configuration. */
export const keyringFromConfig = (config: SealingConfig): Keyring => new Keyring(config.current, config.previous, config.legacy);
