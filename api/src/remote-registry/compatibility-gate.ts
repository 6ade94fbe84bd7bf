/**
 * Compatibility gate of remote activations (issue 12): a remote's manifest lists the versions of the
 * shared modules it was built against; each singleton the shell owns must be on the same compatibility
 * line, or the page would run the remote against a React (or router, kit...) it was not built for.
 */

/** Singletons the gate checks: one copy of each per page, so a remote must accept the shell's. */
export const GATED_SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components', 'zustand', '@portal/kit'] as const;

const KIT = '@portal/kit';

/**
 * The kit version a build shares: "@portal/kit" (builds before 0.2, which shared the whole kit), or
 * the version of its stateful modules "@portal/kit/<module>" (docs/decisions/010). Either way one
 * kit line per side, so an old shell and a new remote (or the reverse) are refused.
 */
function kitVersionOf(shared: SharedVersions): string | undefined {
  return shared[KIT] ?? Object.entries(shared).find(([name]) => name.startsWith(`${KIT}/`))?.[1];
}

/** `{ package name: semver version }`, e.g. `{ react: '19.3.1' }`. */
export type SharedVersions = Record<string, string>;

/** One refused package: what the candidate was built against and what the shell provides. */
export type Incompatibility = { package: string; candidate: string; shell: string };

/**
 * The caret line of a semver version: the major (`19.3.1` → `19`), or `0.<minor>` below 1.0
 * (`0.1.0` → `0.1`, since `^0.1.0` excludes 0.2). Null when `version` is not semver-like.
 */
export function compatibilityLine(version: string): string | null {
  const m = /^v?(\d+)\.(\d+)(?:\.\d+)?/.exec(version.trim());
  if (!m) return null;
  return m[1] === '0' ? `0.${m[2]}` : m[1];
}

/**
 * Packages of GATED_SINGLETONS whose compatibility line differs between the candidate's manifest and
 * the shell. A package that either side does not share is not checked (a remote without zustand is fine);
 * a version that is not semver on one side is reported as incompatible.
 */
export function findIncompatibilities(candidate: SharedVersions, shell: SharedVersions): Incompatibility[] {
  const out: Incompatibility[] = [];
  for (const pkg of GATED_SINGLETONS) {
    const c = pkg === KIT ? kitVersionOf(candidate) : candidate[pkg];
    const s = pkg === KIT ? kitVersionOf(shell) : shell[pkg];
    if (!c || !s) continue;
    const lc = compatibilityLine(c);
    if (lc === null || lc !== compatibilityLine(s)) out.push({ package: pkg, candidate: c, shell: s });
  }
  return out;
}

/** The operator's message for a refusal, naming each package and both versions. */
export function describeIncompatibilities(remote: string, version: string, problems: Incompatibility[]): string {
  const parts = problems.map((p) => `${p.package} ${p.candidate} (the shell has ${p.package} ${p.shell})`);
  return `${remote} ${version} refused: built against an incompatible ${parts.length > 1 ? 'set of singletons' : 'major'}: ${parts.join('; ')}. The live version stays.`;
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
