/**
 * Compatibility gate of remote activations (docs/decisions/007): a remote's manifest lists the versions of the
 * shared modules it was built against; each singleton the shell owns must be on the same compatibility
 * line, or the page would run the remote against a React (or router, kit...) it was not built for.
 */

/**
 * Singletons the gate checked before docs/decisions/021; kept as the minimum when the shell's file lists
 * fewer. The gate now checks every package the shell shares (its shared-versions.json, written from the
 * shell's shared config), so a package added to the shell's shared config later is gated too.
 */
export const GATED_SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components', 'zustand', '@portal/kit'] as const;

/**
 * Packages a remote must share, never bundle: a remote renders React elements into the shell's tree, so a
 * copy of its own React (a build without `react` / `react-dom` in its shared list) breaks every route of it
 * ("Invalid hook call") however compatible its versions look (docs/decisions/021).
 */
export const MUST_SHARE = ['react', 'react-dom'] as const;

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
 * Packages the shell shares whose compatibility line differs in the candidate's manifest, and the
 * packages of MUST_SHARE the shell shares but the candidate does not (it bundles its own copy:
 * `candidate` is then `bundled`). Every package of the shell's list is checked (the kit's modules as one
 * kit line); a package the candidate does not share otherwise is not checked (a remote without zustand is
 * fine); a version that is not semver on one side is reported as incompatible.
 */
export function findIncompatibilities(candidate: SharedVersions, shell: SharedVersions): Incompatibility[] {
  const out: Incompatibility[] = [];
  const packages = new Set<string>();
  for (const name of Object.keys(shell)) packages.add(name === KIT || name.startsWith(`${KIT}/`) ? KIT : name);
  for (const pkg of packages) {
    const c = pkg === KIT ? kitVersionOf(candidate) : candidate[pkg];
    const s = pkg === KIT ? kitVersionOf(shell) : shell[pkg];
    if (!s) continue;
    if (!c) {
      if ((MUST_SHARE as readonly string[]).includes(pkg)) out.push({ package: pkg, candidate: BUNDLED, shell: s });
      continue;
    }
    const lc = compatibilityLine(c);
    if (lc === null || lc !== compatibilityLine(s)) out.push({ package: pkg, candidate: c, shell: s });
  }
  return out;
}

/** `candidate` of an Incompatibility when the remote does not share the package at all (its own copy is bundled). */
export const BUNDLED = 'bundled';

/** The operator's message for a refusal, naming each package and both versions. */
export function describeIncompatibilities(remote: string, version: string, problems: Incompatibility[]): string {
  const bundled = problems.filter((p) => p.candidate === BUNDLED);
  const other = problems.filter((p) => p.candidate !== BUNDLED);
  const reasons: string[] = [];
  if (bundled.length) reasons.push(`it bundles its own ${bundled.map((p) => p.package).join(' and ')} instead of sharing the shell's (${bundled.map((p) => `${p.package} ${p.shell}`).join(', ')})`);
  if (other.length) {
    const parts = other.map((p) => `${p.package} ${p.candidate} (the shell has ${p.package} ${p.shell})`);
    reasons.push(`built against an incompatible ${parts.length > 1 ? 'set of singletons' : 'major'}: ${parts.join('; ')}`);
  }
  return `${remote} ${version} refused: ${reasons.join('; ')}. The live version stays.`;
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
