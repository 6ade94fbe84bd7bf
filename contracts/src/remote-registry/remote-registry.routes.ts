import type * as yup from 'yup';
import { defineRoute } from '../common/endpoint';
import type { remotesQuerySchema, remoteRollbackSchema, remoteMarkBadSchema, canarySchema, remoteOnlySchema, pinSchema, beaconSchema, deployTokenCreateSchema, deployTokenRevokeSchema, tokenRollbackSchema, tokenActivateSchema } from './remote-registry.server';

/** Outcomes of a load the shell reports (docs/decisions/021). */
export const REMOTE_LOAD_OUTCOMES = ['ok', 'load_error', 'render_error'] as const;
/** A remote's canary as the console shows it. */
export type RemoteCanaryResult = { remote: string; live: string; canary: string | null; percent: number | null };
/** A deploy token as listed (never the token itself: only its sha256 is stored). */
export type RemoteDeployTokenRow = { id: number; remote: string; name: string; created_by: string; created_at: string; revoked_at: string | null; last_used_at: string | null };
/** Answer of a token's creation: the row and, this once, the token. */
export type RemoteDeployTokenCreated = RemoteDeployTokenRow & { token: string };
/** Answer of a deploy, activation or rollback by deploy token. */
export type RemoteDeployResult = { remote: string; from: string | null; to: string; manifest_url: string; sha256?: string; bytes?: number; pruned?: string[] };
/**
 * One stored version of a remote (docs/decisions/007). `shared`: the versions of the shared singletons it was built
 * against (package → version, from its manifest); `activated_by` / `activated_at` (ISO 8601): who made the
 * live version live and when (null on the other rows).
 */
export type RemoteVersionRow = {
  remote: string;
  version: string;
  live: boolean;
  manifest_url: string;
  commit: string;
  deployed_by: string;
  deployed_at: string;
  pruned: boolean;
  shared: Record<string, string>;
  activated_by: string | null;
  activated_at: string | null;
  /** When it was last live (became live or stopped being live), ISO 8601; null if never live (docs/decisions/021). */
  last_live_at: string | null;
  /** Reported loads of this version by the shell's beacon in the automatic-rollback window, and how many failed. */
  reports: { loads: number; failures: number };
  /** This version is the canary: served to `canary_percent` % of browsers; null otherwise. */
  canary_percent: number | null;
  /** Marked bad: rollback skips it, activation refuses it without force (docs/decisions/021); null otherwise. */
  bad: { at: string; by: string; reason: string } | null;
};
/** One activation attempt of the audit. */
export type RemoteActivationRow = {
  remote: string;
  action: 'deploy' | 'rollback' | 'activate' | 'mark-bad' | 'canary' | 'auto-rollback';
  from_version: string | null;
  to_version: string;
  outcome: 'activated' | 'refused' | 'conflict' | 'marked';
  reason: string | null;
  actor: string;
  created_at: string;
};
/** Answer of a rollback. */
export type RemoteRollbackResult = { remote: string; from: string | null; to: string; manifest_url: string };

/**
 * Response header of `/remotes.json` holding the load tokens of that answer (docs/decisions/029): JSON
 * `{ "<remote>": "<token>" }`, one per remote served at a stored version. The shell's beacon sends a
 * remote's token back with each report; a report without a valid one counts nothing.
 */
export const LOAD_TOKENS_HEADER = 'Portal-Load-Tokens';

/**
 * Remote versions in the operations console (docs/decisions/007): admins only (`staff`; every other caller gets 403).
 * Deploys come from the `npm run remote -- deploy` command of a build; the console lists and rolls back.
 */
export const REMOTE_REGISTRY_ENDPOINTS = {
  listRemoteVersions: defineRoute<yup.InferType<typeof remotesQuerySchema>, RemoteVersionRow[], 'GET'>({ method: 'GET', path: 'ops/remotes', access: 'staff', tag: 'ops', list: true }),
  listRemoteActivations: defineRoute<yup.InferType<typeof remotesQuerySchema>, RemoteActivationRow[], 'GET'>({ method: 'GET', path: 'ops/remotes/activations', access: 'staff', tag: 'ops', list: true }),
  rollbackRemote: defineRoute<yup.InferType<typeof remoteRollbackSchema>, RemoteRollbackResult, 'POST'>({ method: 'POST', path: 'ops/remotes/rollback', access: 'staff', tag: 'ops' }),
  markRemoteVersionBad: defineRoute<yup.InferType<typeof remoteMarkBadSchema>, { remote: string; version: string; live: boolean }, 'POST'>({ method: 'POST', path: 'ops/remotes/mark-bad', access: 'staff', tag: 'ops' }),
  startRemoteCanary: defineRoute<yup.InferType<typeof canarySchema>, RemoteCanaryResult, 'POST'>({ method: 'POST', path: 'ops/remotes/canary', access: 'staff', tag: 'ops' }),
  stopRemoteCanary: defineRoute<yup.InferType<typeof remoteOnlySchema>, RemoteCanaryResult, 'POST'>({ method: 'POST', path: 'ops/remotes/canary/stop', access: 'staff', tag: 'ops' }),
  promoteRemoteCanary: defineRoute<yup.InferType<typeof remoteOnlySchema>, RemoteRollbackResult, 'POST'>({ method: 'POST', path: 'ops/remotes/canary/promote', access: 'staff', tag: 'ops' }),
  pinRemoteVersion: defineRoute<yup.InferType<typeof pinSchema>, { remote: string; version: string | null }, 'POST'>({ method: 'POST', path: 'ops/remotes/pin', access: 'staff', tag: 'ops' }),
  reportRemoteLoad: defineRoute<yup.InferType<typeof beaconSchema>, undefined, 'POST'>({ method: 'POST', path: 'remotes/beacon', access: 'public', tag: 'ops' }),
  listRemoteDeployTokens: defineRoute<undefined, RemoteDeployTokenRow[], 'GET'>({ method: 'GET', path: 'ops/remotes/tokens', access: 'staff', tag: 'ops', list: true }),
  createRemoteDeployToken: defineRoute<yup.InferType<typeof deployTokenCreateSchema>, RemoteDeployTokenCreated, 'POST'>({ method: 'POST', path: 'ops/remotes/tokens/create', access: 'staff', tag: 'ops' }),
  revokeRemoteDeployToken: defineRoute<yup.InferType<typeof deployTokenRevokeSchema>, RemoteDeployTokenRow, 'POST'>({ method: 'POST', path: 'ops/remotes/tokens/revoke', access: 'staff', tag: 'ops' }),
  deployRemoteVersion: defineRoute<undefined, RemoteDeployResult, 'POST'>({ method: 'POST', path: 'ops/remotes/:remote/versions', access: 'public', tag: 'ops' }),
  rollbackRemoteByToken: defineRoute<yup.InferType<typeof tokenRollbackSchema>, RemoteDeployResult, 'POST'>({ method: 'POST', path: 'ops/remotes/:remote/rollback', access: 'public', tag: 'ops' }),
  activateRemoteByToken: defineRoute<yup.InferType<typeof tokenActivateSchema>, RemoteDeployResult, 'POST'>({ method: 'POST', path: 'ops/remotes/:remote/activate', access: 'public', tag: 'ops' }),
} as const;
