import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, defineSettings, intSetting } from '../config/settings';

/**
 * Settings of the distribution engine (docs/decisions/020-distribution-engine.md), declared by the module
 * (docs/decisions/035) and parsed once at boot with the rest of the configuration; a bad value stops the
 * start naming the variable. README's table under "Distribution engine" is generated from this list.
 */
export type DistributionConfig = {
  qc: 'enforce' | 'report';
  sender: { dpid: string; name: string };
  messageControl: 'LiveMessage' | 'TestMessage';
  /** Recipient DPID per store name. */
  storeDpids: Record<string, string>;
  /** Folder of the ERN 4.3 schema and its offline catalog (see ernSchemaDir). */
  ernSchemaDir: string;
  /** Delivery job: attempts per batch and the first retry's delay in ms (doubling after). */
  delivery: { attempts: number; backoffMs: number };
  /** How often every target's acknowledgements folder is read (ms; issue 39 §1). */
  ackPollMs: number;
  /** 32 bytes (hex or base64) that sealed target credentials before SEAL_KEY (v1, decision 032); unset: derived from JWT_SECRET. */
  credentialsKey: string | undefined;
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

/** DDEX_STORES: JSON `{ "<store name>": "<recipient DPID>" }`; {} when unset. */
function storeDpids(env: NodeJS.ProcessEnv): Record<string, string> {
  if (!env.DDEX_STORES?.trim()) return {};
  let parsed: Record<string, string>;
  try {
    parsed = JSON.parse(env.DDEX_STORES) as Record<string, string>;
  } catch {
    throw new ConfigError('DDEX_STORES must be JSON: {"Spotify":"PADPIDA…"}');
  }
  for (const [name, id] of Object.entries(parsed)) if (typeof id !== 'string' || !DPID.test(id)) throw new ConfigError(`DDEX_STORES: the DPID of ${name} must be PADPIDA followed by letters or digits`);
  return parsed;
}

/** The distribution module's settings: `distributionSettings.of(config)` answers a DistributionConfig. */
export const distributionSettings = defineSettings('distribution', {
  qc: {
    variables: ['STORE_QC'],
    default: '`enforce`',
    meaning: '`report`: measure and show, refuse nothing (old fixtures only)',
    parse: ({ env }): DistributionConfig['qc'] => {
      const qc = env.STORE_QC?.trim() || 'enforce';
      if (qc !== 'enforce' && qc !== 'report') throw new ConfigError('STORE_QC must be enforce or report');
      return qc;
    },
  },
  sender: {
    variables: ['DDEX_SENDER_DPID', 'DDEX_SENDER_NAME'],
    default: '`PADPIDAPORTALSENDER01`, `Artist Distribution Portal`',
    meaning: 'MessageSender of every ERN',
    parse: ({ env }): DistributionConfig['sender'] => {
      const dpid = env.DDEX_SENDER_DPID?.trim() || 'PADPIDAPORTALSENDER01';
      if (!DPID.test(dpid)) throw new ConfigError('DDEX_SENDER_DPID must be a DDEX party id (PADPIDA followed by letters or digits)');
      return { dpid, name: env.DDEX_SENDER_NAME?.trim() || 'Artist Distribution Portal' };
    },
  },
  messageControl: {
    variables: ['DDEX_MESSAGE_CONTROL'],
    default: '`TestMessage`',
    meaning: 'MessageControlType of the console\'s DDEX download; deliveries use each target\'s test or live feed',
    parse: ({ env }): DistributionConfig['messageControl'] => {
      const value = env.DDEX_MESSAGE_CONTROL?.trim() || 'TestMessage';
      if (value !== 'LiveMessage' && value !== 'TestMessage') throw new ConfigError('DDEX_MESSAGE_CONTROL must be LiveMessage or TestMessage');
      return value;
    },
  },
  storeDpids: {
    variables: ['DDEX_STORES'],
    default: 'none',
    meaning: 'JSON `{"Spotify":"PADPIDA…"}`: recipient DPIDs for the console download (delivery uses the target\'s DPID)',
    parse: ({ env }) => storeDpids(env),
  },
  ernSchemaDir: {
    variables: ['DDEX_SCHEMA_DIR'],
    default: '`shared/ddex/ern43` beside the repository',
    meaning: 'the ERN 4.3 XSD and its offline catalog',
    parse: ({ env }) => ernSchemaDir(env),
  },
  delivery: {
    variables: ['DELIVERY_ATTEMPTS', 'DELIVERY_BACKOFF_MS'],
    default: '`5`, `30000`',
    meaning: 'tries per batch; first retry delay (doubles)',
    parse: ({ env }): DistributionConfig['delivery'] => ({
      attempts: intSetting(env, 'DELIVERY_ATTEMPTS', 5, 1, 20, false),
      backoffMs: intSetting(env, 'DELIVERY_BACKOFF_MS', 30_000, 10, 3_600_000, false),
    }),
  },
  ackPollMs: {
    variables: ['DELIVERY_ACK_POLL_MS'],
    default: '`300000` (5 min)',
    meaning: 'how often the stores\' acknowledgements are read (`deliveries poll-acks` reads them at once)',
    parse: ({ env }) => intSetting(env, 'DELIVERY_ACK_POLL_MS', 300_000, 1000, 86_400_000, false),
  },
  credentialsKey: {
    variables: ['DELIVERY_CREDENTIALS_KEY'],
    default: 'derived from `JWT_SECRET`',
    meaning: '32 bytes (hex/base64) that sealed target credentials before `SEAL_KEY` (decision 032): still opens them until `seal-rotate` re-seals them under `SEAL_KEY`',
    parse: ({ env }) => {
      const key = env.DELIVERY_CREDENTIALS_KEY?.trim() || undefined;
      if (key && !/^[0-9a-f]{64}$/i.test(key) && Buffer.from(key, 'base64').length !== 32) throw new ConfigError('DELIVERY_CREDENTIALS_KEY must be 32 bytes: 64 hex digits or base64');
      return key;
    },
  },
});
