import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';

type In<S extends yup.AnyObjectSchema> = yup.InferType<S>;

const remoteField = yup.string().trim().matches(/^[a-z][a-z0-9_-]{0,62}$/, 'Remote must be a name like mfe_releases.');

/** `?remote=` of the version list and the activation audit (all remotes when absent). */
const remotesQuerySchema = yup.object({ remote: remoteField.optional() });
/** Body of a rollback from the operations console: the remote, and optionally the version to go back to. */
const versionField = yup.string().trim().matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'Version must be a stored version name.');
const remoteRollbackSchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  to: versionField.optional(),
  force: yup.boolean().optional(),
});
/** Body of marking a version bad: the remote, the version and why (shown in the list and the audit). */
const remoteMarkBadSchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  version: versionField.required('Version is required.'),
  reason: yup.string().trim().required('Reason is required.').max(1000, 'Reason must be at most 1000 characters.'),
});

/**
 * One stored version of a remote (issue 12). `shared`: the versions of the shared singletons it was built
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

const versionDoc = yup.object({
  remote: yup.string().required(),
  version: yup.string().required(),
  live: yup.boolean().required(),
  manifest_url: yup.string().required(),
  commit: yup.string().required(),
  deployed_by: yup.string().required(),
  deployed_at: yup.string().required().meta({ description: 'ISO 8601' }),
  pruned: yup.boolean().required(),
  shared: yup.object().required().meta({ description: 'package → version of the shared singletons it was built against' }),
  activated_by: yup.string().nullable(),
  activated_at: yup.string().nullable().meta({ description: 'ISO 8601, live row only' }),
  last_live_at: yup.string().nullable().meta({ description: 'ISO 8601: when it was last live; null if never' }),
  bad: yup.object({ at: yup.string().required(), by: yup.string().required(), reason: yup.string().required() }).nullable().default(null).meta({ description: 'the bad mark, or null' }),
});
const activationDoc = yup.object({
  remote: yup.string().required(),
  action: yup.string().oneOf(['deploy', 'rollback', 'activate', 'mark-bad', 'canary', 'auto-rollback']).required(),
  from_version: yup.string().nullable(),
  to_version: yup.string().required(),
  outcome: yup.string().oneOf(['activated', 'refused', 'conflict', 'marked']).required(),
  reason: yup.string().nullable(),
  actor: yup.string().required(),
  created_at: yup.string().required().meta({ description: 'ISO 8601' }),
});
const rollbackDoc = yup.object({ remote: yup.string().required(), from: yup.string().nullable(), to: yup.string().required(), manifest_url: yup.string().required() });

/**
 * Remote versions in the operations console (issue 12): admins only (`staff`; every other caller gets 403).
 * Deploys come from the `npm run remote -- deploy` command of a build; the console lists and rolls back.
 */
export const REMOTE_REGISTRY_ENDPOINTS = {
  listRemoteVersions: defineEndpoint<In<typeof remotesQuerySchema>, RemoteVersionRow[]>({
    method: 'GET', path: 'ops/remotes', access: 'staff', tag: 'ops',
    summary: 'Stored versions of the remotes, newest first, with the live marker (admins)',
    query: remotesQuerySchema, response: versionDoc, list: true, errors: [400, 403],
  }),
  listRemoteActivations: defineEndpoint<In<typeof remotesQuerySchema>, RemoteActivationRow[]>({
    method: 'GET', path: 'ops/remotes/activations', access: 'staff', tag: 'ops',
    summary: 'Audit of remote activations: deploys, rollbacks, refusals and lost races (admins)',
    query: remotesQuerySchema, response: activationDoc, list: true, errors: [400, 403],
  }),
  rollbackRemote: defineEndpoint<In<typeof remoteRollbackSchema>, RemoteRollbackResult>({
    method: 'POST', path: 'ops/remotes/rollback', access: 'staff', tag: 'ops',
    summary: 'Make an older stored version of a remote live again (admins)',
    description: 'Without `to`, the version that was live before the live one (activation history; bad and pruned versions skipped). A bad `to` is refused (409) unless `force`. Passes the pre-activation check (422). Passes the compatibility gate again (422), loses to a concurrent activation (409), refuses a pruned or unknown version (404).',
    body: remoteRollbackSchema, response: rollbackDoc, errors: [400, 403, 404, 409, 422, 503],
  }),
  markRemoteVersionBad: defineEndpoint<In<typeof remoteMarkBadSchema>, { remote: string; version: string; live: boolean }>({
    method: 'POST', path: 'ops/remotes/mark-bad', access: 'staff', tag: 'ops',
    summary: 'Mark a stored version of a remote bad (admins)',
    description: 'Rollback skips a bad version; rollback, deploy and activation refuse it unless forced (409). Audited. A live version stays live: roll back.',
    body: remoteMarkBadSchema, response: yup.object({ remote: yup.string().required(), version: yup.string().required(), live: yup.boolean().required() }), errors: [400, 403, 404],
  }),
} as const;
