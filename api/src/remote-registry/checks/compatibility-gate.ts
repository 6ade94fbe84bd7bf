/**
 * Compatibility gate of remote activations (docs/decisions/007): a remote's manifest lists the versions of the
 * shared modules it was built against; each singleton the shell owns must be on the same compatibility
 * line, or the page would run the remote against a React (or router, kit...) it was not built for.
 */
import { REMOTE_GATE_MESSAGES } from '@portal/contracts/server';

/**
 * Singletons the gate checked before docs/decisions/021; kept as the minimum when the shell's file lists
 * fewer. The gate now checks every package the shell shares (its shared-versions.json, written from the
 * shell's shared config), so a package added to the shell's shared config later is gated too.
 */
export const GATED_SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components', 'zustand', '@portal/kit', '@tanstack/react-query'] as const;

/**
 * Packages a remote must share, never bundle: a remote renders React elements into the shell's tree, so a
 * copy of its own React (a build without `react` / `react-dom` in its shared list) breaks every route of it
 * ("Invalid hook call") however compatible its versions look (docs/decisions/021).
 */
export const MUST_SHARE = ['react', 'react-dom'] as const;

const KIT = '@portal/kit';

/** Whether a share key is the kit's: "@portal/kit" (whole kit, before 0.2) or one of its stateful modules "@portal/kit/<module>". */
const isKit = (name: string) => name === KIT || name.startsWith(`${KIT}/`);

/**
 * The kit version a build shares: "@portal/kit" (builds before 0.2, which shared the whole kit), or
 * the version of its stateful modules "@portal/kit/<module>" (docs/decisions/010). Either way one
 * kit line per side, so an old shell and a new remote (or the reverse) are refused.
 */
function kitVersionOf(shared: SharedVersions): string | undefined {
  return shared[KIT] ?? Object.entries(shared).find(([name]) => name.startsWith(`${KIT}/`))?.[1];
}

/** The package a share key belongs to: `react/jsx-runtime` → `react`, `@scope/pkg/sub` → `@scope/pkg`, `react-dom/` → `react-dom`. */
export function packageOf(shareKey: string): string {
  const parts = shareKey.split('/');
  return shareKey.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** `{ package name: semver version }`, e.g. `{ react: '19.3.1' }`. */
export type SharedVersions = Record<string, string>;

/**
 * One refused package: what the candidate was built against and what the shell provides. `problem`:
 * `not_singleton` (shared as `singleton: false`), `mixed_kit` (kit modules of several versions,
 * `candidate` lists them); absent for another compatibility line or a bundled copy (`candidate: bundled`).
 */
export type Incompatibility = { package: string; candidate: string; shell: string; problem?: 'not_singleton' | 'mixed_kit' };

/**
 * The caret line of a semver version: the major (`19.3.1` → `19`), or `0.<minor>` below 1.0
 * (`0.1.0` → `0.1`, since `^0.1.0` excludes 0.2). Null when `version` is not semver-like.
 */
export function compatibilityLine(version: string): string | null {
  const m = /^v?(\d+)\.(\d+)(?:\.\d+)?/.exec(version.trim());
  if (!m) return null;
  return m[1] === '0' ? `0.${m[2]}` : m[1];
}

const differentLine = (candidate: string, shell: string) => {
  const line = compatibilityLine(candidate);
  return line === null || line !== compatibilityLine(shell);
};

/**
 * What stops a candidate remote from running beside the shell (docs/decisions/021, 029):
 * - a package the shell shares on another compatibility line in the candidate's manifest, including a
 *   subpath share key (`react/jsx-runtime`, `react-dom/client`) against the shell's package (`react`);
 * - kit modules (`@portal/kit/<module>`) of more than one version (`mixed_kit`), or of another line than
 *   the shell's kit — every kit entry is checked, not the first;
 * - a package of MUST_SHARE the shell shares but the candidate does not (it bundles its own copy:
 *   `candidate` is `bundled`);
 * - a package the shell shares that the candidate shares as `singleton: false` (`nonSingletons`, from
 *   manifestNonSingletons): the runtime may then give it a copy of its own (`not_singleton`).
 * A package the candidate does not share otherwise is not checked (a remote without zustand is fine); a
 * version that is not semver on one side is reported as incompatible.
 */
export function findIncompatibilities(candidate: SharedVersions, shell: SharedVersions, nonSingletons: readonly string[] = []): Incompatibility[] {
  const out: Incompatibility[] = [];
  const shellKit = kitVersionOf(shell);
  const shellOf = (key: string): string | undefined => (isKit(key) ? shellKit : (shell[key] ?? shell[packageOf(key)]));
  const packages = new Set<string>();
  for (const name of Object.keys(shell)) packages.add(isKit(name) ? KIT : name);
  for (const pkg of packages) {
    const s = pkg === KIT ? shellKit : shell[pkg];
    if (!s) continue;
    if (pkg === KIT) {
      const kit = Object.entries(candidate).filter(([name]) => isKit(name));
      const versions = [...new Set(kit.map(([, v]) => v))];
      if (versions.length > 1) out.push({ package: KIT, candidate: kit.map(([name, v]) => `${name} ${v}`).join(', '), shell: s, problem: 'mixed_kit' });
      else if (versions.length === 1 && differentLine(versions[0]!, s)) out.push({ package: KIT, candidate: versions[0]!, shell: s });
      continue;
    }
    const c = candidate[pkg];
    if (!c) {
      if ((MUST_SHARE as readonly string[]).includes(pkg)) out.push({ package: pkg, candidate: BUNDLED, shell: s });
      continue;
    }
    if (differentLine(c, s)) out.push({ package: pkg, candidate: c, shell: s });
  }
  // Subpaths of a package the shell shares (react/jsx-runtime, react-dom/client): the package's line.
  for (const [key, c] of Object.entries(candidate)) {
    if (isKit(key) || key in shell || packageOf(key) === key) continue;
    const s = shell[packageOf(key)];
    if (s && differentLine(c, s)) out.push({ package: key, candidate: c, shell: s });
  }
  for (const key of new Set(nonSingletons)) {
    const s = shellOf(key);
    if (s && candidate[key] !== undefined) out.push({ package: key, candidate: candidate[key]!, shell: s, problem: 'not_singleton' });
  }
  return out;
}

/** `candidate` of an Incompatibility when the remote does not share the package at all (its own copy is bundled). */
export const BUNDLED = 'bundled';

/** The operator's message for a refusal (texts: contracts REMOTE_GATE_MESSAGES), naming each package and both versions. */
export function describeIncompatibilities(remote: string, version: string, problems: Incompatibility[]): string {
  const bundled = problems.filter((p) => p.candidate === BUNDLED);
  const mixed = problems.filter((p) => p.problem === 'mixed_kit');
  const notSingleton = problems.filter((p) => p.problem === 'not_singleton');
  const other = problems.filter((p) => p.candidate !== BUNDLED && !p.problem);
  const reasons: string[] = [];
  if (bundled.length) reasons.push(REMOTE_GATE_MESSAGES.bundled(bundled.map((p) => p.package), bundled.map((p) => `${p.package} ${p.shell}`)));
  if (mixed.length) reasons.push(REMOTE_GATE_MESSAGES.mixedKit(mixed[0]!.candidate, mixed[0]!.shell));
  if (notSingleton.length) reasons.push(REMOTE_GATE_MESSAGES.notSingleton(notSingleton.map((p) => `${p.package} ${p.candidate}`)));
  if (other.length) reasons.push(REMOTE_GATE_MESSAGES.incompatible(other.map((p) => `${p.package} ${p.candidate} (the shell has ${packageOf(p.package)} ${p.shell})`)));
  return REMOTE_GATE_MESSAGES.refused(remote, version, reasons);
}

/**
 * The share keys an mf-manifest.json's `shared` list marks `singleton: false`: the compatibility gate
 * refuses them for packages the shell shares. Only an explicit false counts: Module Federation 2.9's
 * manifest leaves `singleton` out for prefix shares (`react/` → `react/jsx-runtime`) and path-keyed ones
 * (the kit's modules under their shareKey) even when the build shares them as singletons.
 */
export function manifestNonSingletons(manifest: unknown): string[] {
  const shared = (manifest as { shared?: unknown })?.shared;
  if (!Array.isArray(shared)) return [];
  const out = new Set<string>();
  for (const entry of shared) {
    const { name, singleton } = (entry ?? {}) as { name?: unknown; singleton?: unknown };
    if (typeof name === 'string' && singleton === false) out.add(name);
  }
  return [...out];
}

/** The `shared` list of an mf-manifest.json as `{ name: version }` (later duplicates lose). */
export function manifestSharedVersions(manifest: unknown): SharedVersions {
  const out: SharedVersions = {};
  const shared = (manifest as { shared?: unknown })?.shared;
  if (!Array.isArray(shared)) return out;
  for (const entry of shared) {
    const { name, version } = (entry ?? {}) as { name?: unknown; version?: unknown };
    if (typeof name === 'string' && typeof version === 'string' && !(name in out)) out[name] = version;
  }
  return out;
}
