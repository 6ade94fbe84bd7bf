import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';

/**
 * An image's final stage reproduced without a Docker engine (docs/decisions/030; there is none on our
 * machines or in CI): the stage's files are copied into an empty folder standing for the image's root
 * filesystem, and its CMD runs there with the stage's ENV, so a file the stage forgets to copy (a module
 * of a script, a nested node_modules) fails here as it would in the container.
 *
 * What is read from the Dockerfile (the last FROM … AS … to the end): ARG, ENV, WORKDIR, COPY (from the
 * build context or `--from=<stage>`), `RUN mkdir -p …`, CMD and HEALTHCHECK … CMD. A stage that does
 * anything else (another RUN) is refused, so the reproduction cannot silently drift from the file.
 * Files of an earlier stage are the checkout's own (`<context>/<path>` for `/src/<path>`, the build
 * stages' WORKDIR): its builds (dist/) and node_modules. When the build stage ran `npm ci --omit=dev
 * [--workspace W]`, node_modules is reduced to what that install keeps: the lockfile's production
 * closure of W (or of every workspace), nested folders where the lockfile has them, workspace links as
 * links. Files are hard links (fast, no copy); the folder lives in the OS temp directory, which has no
 * node_modules above it.
 */

type Instruction = { op: string; args: string };

/** The instructions of `text` with continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line.startsWith('#') || !line)) continue;
    if (pending && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const m = /^(\S+)\s*(.*)$/s.exec(full);
    if (m) out.push({ op: m[1]!.toUpperCase(), args: m[2]!.trim() });
  }
  return out;
}

/** Split a shell-like word list (double/single quotes kept together, quotes removed). */
function words(s: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** `$NAME` and `${NAME}` of `vars` substituted in `s` (Dockerfile variable substitution). */
function substitute(s: string, vars: Record<string, string>): string {
  return s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string | undefined, b: string | undefined) => vars[(a ?? b)!] ?? '');
}

/** KEY=value pairs of an ENV instruction (or the legacy `ENV KEY value`). */
function envPairs(args: string): Array<[string, string]> {
  if (!/^\w+=/.test(args)) {
    const [k, ...v] = args.split(/\s+/);
    return [[k!, v.join(' ')]];
  }
  return words(args).map((w) => {
    const i = w.indexOf('=');
    return [w.slice(0, i), w.slice(i + 1)];
  });
}

type LockEntry = { name?: string; link?: boolean; resolved?: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
type Lockfile = { packages: Record<string, LockEntry & { workspaces?: string[] }> };

/**
 * Lockfile locations (`node_modules/a`, `api/node_modules/b`, workspace folders) that
 * `npm ci --omit=dev [--workspace <name>]` installs: the production dependencies (with optional and
 * peer ones present in the lockfile) of the workspace, or of the root and every workspace, resolved
 * from each package's location as Node and npm do (the nearest node_modules upwards).
 */
export function productionClosure(lock: Lockfile, workspace?: string): Set<string> {
  const pkgs = lock.packages;
  const starts = workspace ? Object.keys(pkgs).filter((k) => k && !k.includes('node_modules') && pkgs[k]!.name === workspace) : ['', ...(pkgs['']!.workspaces ?? [])];
  if (starts.length === 0) throw new Error(`no workspace named ${workspace} in the lockfile`);
  const resolve = (from: string, name: string): string | undefined => {
    for (let at = from; ; ) {
      const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
      if (pkgs[candidate]) return candidate;
      if (!at) return undefined;
      const i = at.lastIndexOf('/node_modules/');
      at = i >= 0 ? at.slice(0, i) : '';
    }
  };
  const seen = new Set<string>();
  const visit = (loc: string) => {
    if (seen.has(loc)) return;
    seen.add(loc);
    const entry = pkgs[loc]!;
    if (entry.link) return visit(entry.resolved!);
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const found = resolve(loc, name);
      if (found) visit(found);
    }
  };
  starts.forEach(visit);
  return seen;
}

/** Hard-link copy of `from` (file or folder) to `to`; `skip(rel)` leaves out a sub-path of a folder. */
function linkCopy(from: string, to: string, skip: (rel: string) => boolean = () => false): void {
  const st = lstatSync(from);
  if (st.isSymbolicLink()) {
    mkdirSync(dirname(to), { recursive: true });
    symlinkSync(readlinkSync(from), to);
    return;
  }
  if (!st.isDirectory()) {
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to, { force: true, preserveTimestamps: true });
    return;
  }
  const walk = (dir: string) => {
    mkdirSync(join(to, relative(from, dir)), { recursive: true });
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const rel = relative(from, p);
      if (skip(rel)) continue;
      if (e.isDirectory()) walk(p);
      else if (e.isSymbolicLink()) symlinkSync(readlinkSync(p), join(to, rel));
      else linkFile(p, join(to, rel));
    }
  };
  walk(from);
}
function linkFile(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    cpSync(from, to);
  }
}

export type ReproducedImage = {
  /** The folder standing for the image's root filesystem. */
  root: string;
  /** The stage's ENV (build args substituted), with image paths moved under `root`. */
  env: Record<string, string>;
  /** WORKDIR under `root`. */
  workdir: string;
  /** CMD as argv, image paths moved under `root`. */
  cmd: string[];
  /** The HEALTHCHECK command (a shell line), image paths moved under `root`; null when the stage has none. */
  healthcheck: string | null;
  /** Run CMD with the stage's ENV over `env` (the deployment's variables); its output is collected. */
  start(env: Record<string, string>): { child: ChildProcess; output: () => string; stop(): Promise<void> };
  /** Run the HEALTHCHECK until it passes (resolves), or `ms` pass or `child` exits (rejects with the process output). */
  healthy(env: Record<string, string>, ms: number, output: () => string, child?: ChildProcess): Promise<void>;
  remove(): void;
};

/**
 * Build the final stage of `dockerfile` (path relative to `context`, the repository) into a fresh
 * folder, with `buildArgs` (`--build-arg`s). Throws naming the instruction it cannot reproduce, or
 * the source path a COPY names that does not exist.
 */
export function reproduceFinalStage(context: string, dockerfile: string, buildArgs: Record<string, string> = {}): ReproducedImage {
  const all = parseDockerfile(readFileSync(join(context, dockerfile), 'utf8'));
  const froms = all.map((ins, i) => (ins.op === 'FROM' ? i : -1)).filter((i) => i >= 0);
  const finalAt = froms[froms.length - 1]!;
  const earlier = all.slice(0, finalAt);
  const stage = all.slice(finalAt + 1);
  // What the build stages did to node_modules: `npm ci --omit=dev [--workspace W]` reduces it.
  const omitDev = earlier.filter((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args)).pop();
  const omitWorkspace = omitDev && /--omit=dev/.test(omitDev.args) ? (/--workspace[= ](\S+)/.exec(omitDev.args)?.[1] ?? '*') : null;
  const buildWorkdir = earlier.filter((i) => i.op === 'WORKDIR').pop()?.args ?? '/';
  const lock = JSON.parse(readFileSync(join(context, 'package-lock.json'), 'utf8')) as Lockfile;
  const closure = omitWorkspace ? productionClosure(lock, omitWorkspace === '*' ? undefined : omitWorkspace) : null;

  const root = mkdtempSync(join(tmpdir(), 'image-root-'));
  const vars: Record<string, string> = { ...buildArgs };
  const env: Record<string, string> = {};
  let workdir = '/';
  let cmd: string[] = [];
  let healthcheck: string | null = null;
  const imagePaths = new Set<string>();
  const inRoot = (p: string) => join(root, p);
  const absolute = (p: string) => (p.startsWith('/') ? posix.normalize(p) : posix.join(workdir, p));

  for (const { op, args } of stage) {
    if (op === 'ARG') {
      const [k, v] = args.split('=');
      vars[k!] = buildArgs[k!] ?? v ?? '';
    } else if (op === 'ENV') {
      for (const [k, v] of envPairs(args)) env[k] = vars[k] = substitute(v, vars);
    } else if (op === 'WORKDIR') {
      workdir = absolute(substitute(args, vars));
      imagePaths.add(workdir);
      mkdirSync(inRoot(workdir), { recursive: true });
    } else if (op === 'COPY') {
      const parts = words(substitute(args, vars));
      const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
      const paths = parts.filter((p) => !p.startsWith('--'));
      const dest = paths.pop()!;
      const destAbs = absolute(dest);
      imagePaths.add(destAbs);
      for (const src of paths) {
        // Inside an earlier stage, its WORKDIR is where the checkout's files are (COPY . into it).
        const rel = from ? posix.relative(buildWorkdir, posix.normalize(src)) : posix.normalize(src).replace(/^\.\/?/, '');
        if (rel.startsWith('..')) throw new Error(`COPY ${src}: outside the build stage's ${buildWorkdir}`);
        const source = join(context, rel);
        if (!existsSync(source)) throw new Error(`COPY ${from ? `--from=${from} ` : ''}${src}: ${rel} does not exist in the checkout (build it first)`);
        const target = dest.endsWith('/') && !lstatSync(source).isDirectory() ? join(inRoot(destAbs), posix.basename(rel)) : inRoot(destAbs);
        const isModules = /(^|\/)node_modules(\/|$)/.test(rel);
        if (from && closure && isModules) {
          // node_modules as `npm ci --omit=dev` left it: only the closure's packages, each without the nested folders outside it.
          for (const loc of closure) {
            if (loc !== rel && !loc.startsWith(`${rel}/`)) continue;
            const to = join(target, loc.slice(rel.length));
            const entry = lock.packages[loc]!;
            if (!existsSync(join(context, loc))) continue; // optional package of another platform
            if (entry.link) {
              mkdirSync(dirname(to), { recursive: true });
              symlinkSync(relative(dirname(join(context, loc)), join(context, entry.resolved!)), to);
            } else linkCopy(join(context, loc), to, (r) => r === 'node_modules' || r.startsWith('node_modules/'));
          }
        } else {
          linkCopy(source, target);
        }
      }
    } else if (op === 'RUN') {
      // Only folder creation (and ownership, which a test run as one user cannot and need not reproduce).
      for (const step of args.split('&&').map((s) => s.trim())) {
        const w = words(substitute(step, vars));
        if (w[0] === 'mkdir') w.slice(1).filter((a) => !a.startsWith('-')).forEach((p) => (imagePaths.add(absolute(p)), mkdirSync(inRoot(absolute(p)), { recursive: true })));
        else if (w[0] !== 'chown') throw new Error(`RUN ${args}: not reproducible without Docker (extend e2e/support/docker-stage.ts)`);
      }
    } else if (op === 'CMD') {
      cmd = args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
    } else if (op === 'HEALTHCHECK') {
      const at = args.indexOf('CMD ');
      healthcheck = at >= 0 ? args.slice(at + 4).trim() : null;
    } else if (!['USER', 'EXPOSE', 'LABEL'].includes(op)) {
      throw new Error(`${op} ${args}: not reproducible without Docker (extend e2e/support/docker-stage.ts)`);
    }
  }
  if (!cmd.length) throw new Error(`${dockerfile}: the final stage has no CMD`);

  // Image paths (/app, /store, ...) as they appear in values and commands, moved under root.
  const tops = [...new Set([...imagePaths].map((p) => p.split('/')[1]).filter(Boolean))].sort((a, b) => b.length - a.length);
  const moveRe = tops.length ? new RegExp(`(^|[\\s'"=(,])/(${tops.map((t) => t!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[/\\s'"),]|$)`, 'g') : null;
  const move = (s: string) => (moveRe ? s.replace(moveRe, (_m, pre: string, top: string) => `${pre}${root}/${top}`) : s);
  const movedEnv = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, move(v)]));
  const movedCmd = cmd.map(move);
  const movedHealth = healthcheck ? move(healthcheck) : null;
  const processEnv = (extra: Record<string, string>) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, ...movedEnv, ...extra });
  const cwd = inRoot(workdir);

  return {
    root,
    env: movedEnv,
    workdir: cwd,
    cmd: movedCmd,
    healthcheck: movedHealth,
    start(extra) {
      const child = spawn(movedCmd[0]!, movedCmd.slice(1), { cwd, env: processEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
      let log = '';
      child.stdout!.on('data', (d: Buffer) => (log += d.toString('utf8')));
      child.stderr!.on('data', (d: Buffer) => (log += d.toString('utf8')));
      return {
        child,
        output: () => log,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
        },
      };
    },
    async healthy(extra, ms, output, child) {
      if (!movedHealth) throw new Error(`${dockerfile}: the final stage has no HEALTHCHECK`);
      const end = Date.now() + ms;
      for (;;) {
        const r = spawnSync('/bin/sh', ['-c', movedHealth], { cwd, env: processEnv(extra), encoding: 'utf8', timeout: 3000 });
        if (r.status === 0) return;
        if (Date.now() > end || (child && (child.exitCode !== null || child.signalCode !== null))) throw new Error(`HEALTHCHECK of ${dockerfile} did not pass (within ${ms} ms, CMD still running: ${!!child && child.exitCode === null}): ${r.stderr}\n--- output of CMD ---\n${output().slice(-3000)}`);
        await new Promise((res) => setTimeout(res, 250));
      }
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
