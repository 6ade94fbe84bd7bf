import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
/**
 * Settings of the distribution engine (docs/decisions/020-distribution-engine.md), read once at boot
 * with the rest of AppConfig; a bad value stops the start naming the variable.
 * - STORE_QC `enforce` (default): artwork failing QC is refused at upload, audio failing QC is refused
 *   by its job (file removed) and submission waits for a store-ready release; `report`: QC runs and is
 *   shown, nothing is refused (for fixtures made before QC; never in production).
 * - DDEX_SENDER_DPID / DDEX_SENDER_NAME: the portal as the MessageSender of ERN messages.
 * - DDEX_MESSAGE_CONTROL: LiveMessage or TestMessage (default) in every MessageHeader.
 * - DDEX_STORES: JSON `{ "<store name>": "<recipient DPID>" }` overriding the defaults below.
 */
export type DistributionConfig = {
  qc: 'enforce' | 'report';
  sender: { dpid: string; name: string };
  messageControl: 'LiveMessage' | 'TestMessage';
  /** Recipient DPID per store name. */
  storeDpids: Record<string, string>;
  /** Delivery job: attempts per batch and the first retry's delay (doubling after), DELIVERY_ATTEMPTS / DELIVERY_BACKOFF_MS. */
  delivery: { attempts: number; backoffMs: number };
  /** DELIVERY_CREDENTIALS_KEY: 32 bytes (hex or base64) sealing target credentials; unset: derived from JWT_SECRET. */
  credentialsKey: string | undefined;
  /** DDEX_SCHEMA_DIR: folder of the ERN 4.3 schema and its offline catalog (see ernSchemaDir). */
  ernSchemaDir: string;
};

const DPID = /^PADPIDA[a-zA-Z0-9]+$/;

/**
 * Folder of the ERN 4.3 schema and its offline XML catalog: `DDEX_SCHEMA_DIR`, else
 * `../shared/ddex/ern43` beside the repository (where the project keeps it, see its README).
 */
export function ernSchemaDir(env: NodeJS.ProcessEnv): string {
  if (env.DDEX_SCHEMA_DIR) return resolve(env.DDEX_SCHEMA_DIR);
  // api/src/distribution (ts-jest) or api/dist/distribution (built): the repository is 3 up;
  // `shared/` sits beside it (or beside the folder of worktrees), so look upwards for it.
  let dir = resolve(__dirname, '..', '..', '..', '..');
  for (let i = 0; i < 3; i++, dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'ddex', 'ern43');
    if (existsSync(candidate)) return candidate;
  }
  return join(resolve(__dirname, '..', '..', '..', '..'), 'shared', 'ddex', 'ern43');
}


/**
 * Placeholder recipient DPIDs (PADPIDA + 'PORTALTEST' + a store slug) until a store's real DPID is
 * configured: messages built with them are for tests and stores' test feeds only.
 */
export const PLACEHOLDER_DPID = (store: string): string => `PADPIDAPORTALTEST${store.replace(/[^a-zA-Z0-9]/g, '').toUpperCase()}`;

export function distributionConfig(env: NodeJS.ProcessEnv, fail: (message: string) => Error): DistributionConfig {
  const qc = (env.STORE_QC?.trim() || 'enforce') as DistributionConfig['qc'];
  if (qc !== 'enforce' && qc !== 'report') throw fail('STORE_QC must be enforce or report');
  const dpid = env.DDEX_SENDER_DPID?.trim() || 'PADPIDAPORTALSENDER01';
  if (!DPID.test(dpid)) throw fail('DDEX_SENDER_DPID must be a DDEX party id (PADPIDA followed by letters or digits)');
  const messageControl = (env.DDEX_MESSAGE_CONTROL?.trim() || 'TestMessage') as DistributionConfig['messageControl'];
  if (messageControl !== 'LiveMessage' && messageControl !== 'TestMessage') throw fail('DDEX_MESSAGE_CONTROL must be LiveMessage or TestMessage');
  let storeDpids: Record<string, string> = {};
  if (env.DDEX_STORES?.trim()) {
    try {
      storeDpids = JSON.parse(env.DDEX_STORES) as Record<string, string>;
    } catch {
      throw fail('DDEX_STORES must be JSON: {"Spotify":"PADPIDA…"}');
    }
    for (const [name, id] of Object.entries(storeDpids)) if (typeof id !== 'string' || !DPID.test(id)) throw fail(`DDEX_STORES: the DPID of ${name} must be PADPIDA followed by letters or digits`);
  }
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw fail(`${name} must be an integer from ${min} to ${max}`);
    return n;
  };
  const credentialsKey = env.DELIVERY_CREDENTIALS_KEY?.trim() || undefined;
  if (credentialsKey && !/^[0-9a-f]{64}$/i.test(credentialsKey) && Buffer.from(credentialsKey, 'base64').length !== 32) throw fail('DELIVERY_CREDENTIALS_KEY must be 32 bytes: 64 hex digits or base64');
  return {
    qc,
    sender: { dpid, name: env.DDEX_SENDER_NAME?.trim() || 'Artist Distribution Portal' },
    messageControl,
    storeDpids,
    delivery: { attempts: int('DELIVERY_ATTEMPTS', 5, 1, 20), backoffMs: int('DELIVERY_BACKOFF_MS', 30_000, 10, 3_600_000) },
    credentialsKey,
    ernSchemaDir: ernSchemaDir(env),
  };
}
