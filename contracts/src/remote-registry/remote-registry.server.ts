import * as yup from 'yup';
import type { ServerDocs } from '../common/endpoint-server';

const remoteField = yup.string().trim().matches(/^[a-z][a-z0-9_-]{0,62}$/, 'Remote must be a name like mfe_releases.');
/** `?remote=` of the version list and the activation audit (all remotes when absent). */
export const remotesQuerySchema = yup.object({ remote: remoteField.optional() });
/** Body of a rollback from the operations console: the remote, and optionally the version to go back to. */
const versionField = yup.string().trim().matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'Version must be a stored version name.');
export const remoteRollbackSchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  to: versionField.optional(),
  force: yup.boolean().optional(),
});
/** Body of marking a version bad: the remote, the version and why (shown in the list and the audit). */
export const remoteMarkBadSchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  version: versionField.required('Version is required.'),
  reason: yup.string().trim().required('Reason is required.').max(1000, 'Reason must be at most 1000 characters.'),
});
/** Body of a deploy token's creation: the one remote it may deploy, and a name for the audit (e.g. "releases CI"). */
export const deployTokenCreateSchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  name: yup.string().trim().required('Name is required.').max(120, 'Name must be at most 120 characters.'),
});
export const deployTokenRevokeSchema = yup.object({ id: yup.number().integer('Token must be a token id.').positive('Token must be a token id.').required('Token is required.') });
/** Body of a rollback by deploy token: optionally the version to go back to, and force for a bad one. */
export const tokenRollbackSchema = yup.object({ to: versionField.optional(), force: yup.boolean().optional() });
/** Body of an activation by deploy token: the stored version to make live, and force for a bad one. */
export const tokenActivateSchema = yup.object({ version: versionField.required('Version is required.'), force: yup.boolean().optional() });
/** Body of a canary: the stored version served to `percent` % of browsers (sticky per browser) besides the live one. */
export const canarySchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  version: versionField.required('Version is required.'),
  percent: yup.number().typeError('Percent must be a whole number from 1 to 99.').integer('Percent must be a whole number from 1 to 99.').min(1, 'Percent must be a whole number from 1 to 99.').max(99, 'Percent must be a whole number from 1 to 99.').required('Percent is required.'),
  force: yup.boolean().optional(),
});
export const remoteOnlySchema = yup.object({ remote: remoteField.required('Remote is required.') });
/** Body of a staff pin: this browser loads `version` of `remote` (null: the live or canary version again). */
export const pinSchema = yup.object({ remote: remoteField.required('Remote is required.'), version: versionField.nullable().defined('Version is required (null to unpin).') });
/**
 * What the shell's beacon reports about one load of a remote version: no personal data, and the load
 * token `/remotes.json` issued for that remote (LOAD_TOKENS_HEADER, docs/decisions/029). A missing or
 * invalid token is not a 400: the report is answered like any other and counts nothing.
 */
export const beaconSchema = yup.object({
  remote: remoteField.required('Remote is required.'),
  version: versionField.required('Version is required.'),
  outcome: yup.string().oneOf(['ok', 'load_error', 'render_error'], 'Outcome must be ok, load_error or render_error.').required('Outcome is required.'),
  token: yup.string().max(2048, 'Token must be at most 2048 characters.').optional(),
});
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
  reports: yup.object({ loads: yup.number().required(), failures: yup.number().required() }).required().meta({ description: 'distinct browsers that reported a load of it (with a load token) in the automatic-rollback window, and how many of them a failure' }),
  canary_percent: yup.number().nullable().meta({ description: 'share of browsers served this version as a canary, or null' }),
});
const canaryDoc = yup.object({ remote: yup.string().required(), live: yup.string().required(), canary: yup.string().nullable(), percent: yup.number().nullable() });
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
const deployTokenDoc = yup.object({
  id: yup.number().required(),
  remote: yup.string().required(),
  name: yup.string().required(),
  created_by: yup.string().required(),
  created_at: yup.string().required().meta({ description: 'ISO 8601' }),
  revoked_at: yup.string().nullable(),
  last_used_at: yup.string().nullable(),
});
const deployResultDoc = yup.object({
  remote: yup.string().required(),
  from: yup.string().nullable(),
  to: yup.string().required(),
  manifest_url: yup.string().required(),
  sha256: yup.string().meta({ description: 'sha256 of the uploaded tarball (deploy only)' }),
  bytes: yup.number(),
  pruned: yup.array(yup.string().required()),
});
const rollbackDoc = yup.object({ remote: yup.string().required(), from: yup.string().nullable(), to: yup.string().required(), manifest_url: yup.string().required() });

/**
 * The compatibility gate's refusal of a remote version (docs/decisions/021, 029): `refused` joins the
 * reasons, each naming the packages and both sides' versions.
 */
export const REMOTE_GATE_MESSAGES = {
  refused: (remote: string, version: string, reasons: readonly string[]) => `${remote} ${version} refused: ${reasons.join('; ')}. The live version stays.`,
  bundled: (packages: readonly string[], shell: readonly string[]) => `it bundles its own ${packages.join(' and ')} instead of sharing the shell's (${shell.join(', ')})`,
  incompatible: (parts: readonly string[]) => `built against an incompatible ${parts.length > 1 ? 'set of singletons' : 'major'}: ${parts.join('; ')}`,
  notSingleton: (parts: readonly string[]) =>
    `it shares ${parts.join(', ')} as singleton: false, so the page could run a second copy beside the shell's (every package the shell shares must be a singleton)`,
  mixedKit: (entries: string, shell: string) => `it mixes kit versions (${entries}): every @portal/kit module must come from one kit build (the shell has @portal/kit ${shell})`,
} as const;

/**
 * Answers of a deploy that are not the gate's (docs/decisions/029): they name the bundle, never a path of
 * the server (an upload is unpacked into a temporary folder the caller must not learn).
 */
export const REMOTE_DEPLOY_MESSAGES = {
  /** `bundle`: "the uploaded bundle" over HTTP, the folder given to the on-server command. */
  wrongRemote: (bundle: string, holds: string, expected: string) => `${bundle} holds ${holds}, not ${expected}.`,
  missingFile: (bundle: string, file: string) => `${file} is missing from ${bundle}: build the remote first (npm run build -w <remote>).`,
  noVersion: (file: string, remote: string) => `${file} of ${remote} has no usable version.`,
  notJson: (bundle: string, file: string) => `${file} of ${bundle} is not valid JSON.`,
  uploadedBundle: 'the uploaded bundle',
  bundleType: 'Send the bundle as a tarball: Content-Type application/gzip (tar.gz) or application/x-tar.',
} as const;

/** Validation and documentation of REMOTE_REGISTRY_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const REMOTE_REGISTRY_SERVER = {
  listRemoteVersions: {
    summary: 'Stored versions of the remotes, newest first, with the live marker (admins)',
    query: remotesQuerySchema,
    response: versionDoc,
    codes: { 403: ['ops_admin_required'] },
    errors: [400, 403],
  },
  listRemoteActivations: {
    summary: 'Audit of remote activations: deploys, rollbacks, refusals and lost races (admins)',
    query: remotesQuerySchema,
    response: activationDoc,
    codes: { 403: ['ops_admin_required'] },
    errors: [400, 403],
  },
  rollbackRemote: {
    summary: 'Make an older stored version of a remote live again (admins)',
    description: 'Without `to`, the version that was live before the live one (activation history; bad and pruned versions skipped). A bad `to` is refused (409) unless `force`. Passes the pre-activation check (422). Passes the compatibility gate again (422), loses to a concurrent activation (409), refuses a pruned or unknown version (404).',
    body: remoteRollbackSchema,
    response: rollbackDoc,
    codes: { 403: ['ops_admin_required'], 404: ['no_live_version', 'nothing_to_roll_back_to', 'pruned_version', 'unknown_version'], 409: ['already_live', 'activation_conflict'] },
    errors: [400, 403, 404, 409, 422, 503],
  },
  markRemoteVersionBad: {
    summary: 'Mark a stored version of a remote bad (admins)',
    description: 'Rollback skips a bad version; rollback, deploy and activation refuse it unless forced (409). Audited. A live version stays live: roll back.',
    body: remoteMarkBadSchema,
    response: yup.object({ remote: yup.string().required(), version: yup.string().required(), live: yup.boolean().required() }),
    codes: { 403: ['ops_admin_required'], 404: ['unknown_version'] },
    errors: [400, 403, 404],
  },
  startRemoteCanary: {
    summary: 'Serve a stored version to a share of browsers before everyone (admins)',
    description: 'Sticky per browser. Gate and pre-activation check (422); a bad version is refused (409) unless force; 404 without a live version. A new live version ends the canary.',
    body: canarySchema,
    response: canaryDoc,
    codes: { 403: ['ops_admin_required'], 404: ['no_live_version', 'unknown_version'], 409: ['already_live'] },
    errors: [400, 403, 404, 409, 422, 503],
  },
  stopRemoteCanary: {
    summary: 'End the canary of a remote: every browser gets the live version (admins)',
    body: remoteOnlySchema,
    response: canaryDoc,
    codes: { 403: ['ops_admin_required'], 404: ['no_canary'] },
    errors: [400, 403, 404, 409],
  },
  promoteRemoteCanary: {
    summary: 'Make the canary the live version for everyone (admins)',
    body: remoteOnlySchema,
    response: rollbackDoc,
    codes: { 403: ['ops_admin_required'], 404: ['no_canary'], 409: ['activation_conflict'] },
    errors: [400, 403, 404, 409, 422, 503],
  },
  pinRemoteVersion: {
    summary: 'Pin this browser to a stored version of a remote, to try it (admins)',
    description: 'Sets a signed cookie that /remotes.json honours for this browser only; `version: null` unpins. 404 unknown or pruned version.',
    body: pinSchema,
    response: yup.object({ remote: yup.string().required(), version: yup.string().nullable() }),
    codes: { 403: ['ops_admin_required'], 404: ['unknown_version'] },
    errors: [400, 403, 404],
  },
  reportRemoteLoad: {
    summary: 'The shell reports one load of a remote version (navigator.sendBeacon; no personal data)',
    description:
      'Counts only with the load token /remotes.json issued for that remote, version and browser (header Portal-Load-Tokens), once per browser, version and outcome, and only for the live or canary version. Every well-formed report gets the same 200 answer, counted or not (no oracle). A canary or new live version whose failing browsers reach REMOTE_AUTO_ROLLBACK_MIN_FAILED_BROWSERS and REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT of at least REMOTE_AUTO_ROLLBACK_MIN_LOADS browsers in the window is rolled back by itself, marked bad, audited and admins are notified (docs/decisions/029).',
    body: beaconSchema,
    errors: [400],
  },
  listRemoteDeployTokens: {
    summary: 'Deploy tokens of the remotes, newest first (admins; never the tokens themselves)',
    response: deployTokenDoc,
    codes: { 403: ['ops_admin_required'] },
    errors: [403],
  },
  createRemoteDeployToken: {
    summary: 'Create a deploy token scoped to one remote (admins); the token is answered this once',
    body: deployTokenCreateSchema,
    response: deployTokenDoc.shape({ token: yup.string().required() }),
    codes: { 403: ['ops_admin_required'] },
    errors: [400, 403],
  },
  revokeRemoteDeployToken: {
    summary: 'Revoke a deploy token (admins): it is refused from now on',
    body: deployTokenRevokeSchema,
    response: deployTokenDoc,
    codes: { 403: ['ops_admin_required'], 404: ['unknown_token'] },
    errors: [400, 403, 404],
  },
  deployRemoteVersion: {
    summary: 'Deploy a built remote from CI: a tarball of its dist/ (deploy token of that remote)',
    description:
      'Authorization: Bearer <deploy token> of this remote (401 without a valid one, 403 for another remote). Body: the tarball (Content-Type application/gzip or application/x-tar, 415 otherwise), at most REMOTE_UPLOAD_MAX_MB (413); files and folders only, no links, no path leaving the folder (400, nothing stored). Then as `remote deploy`: gate (422), pre-activation check (422), one deploy of a remote at a time (409 naming the winner). `?force=true` deploys a version marked bad.',
    rawBody: ['application/gzip', 'application/x-gzip', 'application/x-tar'],
    response: deployResultDoc,
    codes: { 400: ['bad_bundle', 'unsafe_bundle', 'not_built', 'bad_remote'], 401: ['deploy_token_required'], 403: ['deploy_token_scope'], 409: ['version_exists', 'deploy_in_progress', 'bad_version'], 413: ['bundle_too_large'], 415: ['bad_bundle_type'], 422: ['incompatible_remote', 'check_failed'], 503: ['gate_unavailable'] },
    errors: [400, 401, 403, 409, 413, 415, 422, 503],
  },
  rollbackRemoteByToken: {
    summary: 'Roll a remote back from CI (deploy token of that remote)',
    description: 'As the console rollback: without `to`, the version that was live before. 401 without a valid deploy token, 403 for another remote.',
    body: tokenRollbackSchema,
    response: deployResultDoc,
    codes: { 401: ['deploy_token_required'], 403: ['deploy_token_scope'], 404: ['no_live_version', 'nothing_to_roll_back_to', 'pruned_version', 'unknown_version'], 409: ['already_live', 'activation_conflict'] },
    errors: [400, 401, 403, 404, 409, 422, 503],
  },
  activateRemoteByToken: {
    summary: 'Make a stored version of a remote live from CI (deploy token of that remote)',
    description: '401 without a valid deploy token, 403 for another remote; gate and pre-activation check (422), bad version (409 unless force).',
    body: tokenActivateSchema,
    response: deployResultDoc,
    codes: { 401: ['deploy_token_required'], 403: ['deploy_token_scope'], 404: ['unknown_version'], 409: ['activation_conflict', 'bad_version'], 422: ['incompatible_remote'] },
    errors: [400, 401, 403, 404, 409, 422, 503],
  },
} satisfies ServerDocs;
