import { hostname, userInfo } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import type { AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { deployOverHttp } from './deploy-over-http/deploy-client';
import type { RemoteCanaryService } from './canary/canary.service';
import type { RemoteRegistryService, ActivationResult } from './remote-registry.service';
import { remoteDir, remoteName } from './remote-names';

export const REMOTE_USAGE = `usage: npm run remote -- <command>
  deploy <remote> [--from <dist dir>] [--by <name>]    store the build (default <remote>/dist), check it and make it live
  deploy <remote> --to <portal URL> [--token <t>]      the same from CI, over HTTP with a deploy token (or REMOTE_DEPLOY_TOKEN)
  rollback <remote> --api <portal URL> [--token <t>]   rollback over HTTP with a deploy token
  rollback <remote> [--to <version>] [--by <name>]     make the version that was live before live again (or --to)
      --force                (deploy, rollback) activate a version marked bad anyway
      --expect-revision <n>  (deploy, rollback) activate only if the live row is still at revision n (see list)
  canary <remote> <version> --percent <n> [--force]   serve a stored version to n % of browsers (sticky per browser)
  canary <remote> --stop | --promote                   end the canary, or make it live for everyone
  mark-bad <remote> <version> --reason "<why>"          rollback skips it; deploy and rollback refuse it without --force
  list [<remote>] [--all]                              every remote: * = live, ^ = was live, ! = bad (--all: pruned too)
  history [<remote>]                                   activation audit (activated, refused, conflict, marked)
  <command> --help                                     that command's arguments and options`;

/** A value option or a switch of a `remote` command: [flags, description]. */
type Flag = [string, string];
const BY: Flag = ['--by <name>', 'who does it, for the audit (default REMOTE_ACTOR or user@host)'];
const FORCE: Flag = ['--force', 'activate a version marked bad anyway'];
const EXPECT: Flag = ['--expect-revision <n>', 'activate only if the live row is still at revision n (see list)'];
const TOKEN: Flag = ['--token <t>', 'the deploy token (default REMOTE_DEPLOY_TOKEN)'];

/** Every `remote` command: name, arguments, description, options (commander's syntax). */
const COMMANDS: Array<{ name: string; args: string; about: string; flags: Flag[] }> = [
  {
    name: 'deploy',
    args: '<remote>',
    about: 'store the build (default <remote>/dist), check it and make it live; with --to, the same from CI over HTTP with a deploy token',
    flags: [['--from <dist dir>', 'the build to deploy'], BY, ['--to <portal URL>', 'deploy over HTTP to this portal'], TOKEN, FORCE, EXPECT],
  },
  {
    name: 'rollback',
    args: '<remote>',
    about: 'make the version that was live before live again (or --to); with --api, over HTTP with a deploy token',
    flags: [['--to <version>', 'the stored version to make live'], BY, ['--api <portal URL>', 'roll back over HTTP on this portal'], TOKEN, FORCE, EXPECT],
  },
  {
    name: 'canary',
    args: '<remote> [version]',
    about: 'serve a stored version to n % of browsers (sticky per browser); --stop ends the canary, --promote makes it live for everyone',
    flags: [['--percent <n>', 'the share of browsers, 1 to 99'], ['--stop', 'end the canary'], ['--promote', 'make the canary live for everyone'], FORCE, BY],
  },
  { name: 'mark-bad', args: '<remote> <version>', about: 'rollback skips it; deploy and rollback refuse it without --force', flags: [['--reason <why>', 'why it is bad (required)'], BY] },
  { name: 'list', args: '[remote]', about: 'every remote: * = live, ^ = was live, ! = bad (--all: pruned too)', flags: [['--all', 'show pruned versions too']] },
  { name: 'history', args: '[remote]', about: 'activation audit (activated, refused, conflict, marked)', flags: [] },
];

/** What a command line asked for: the words (command, remote, version) and `--name value` flags (`'true'` for a switch), or the help text asked for with --help. */
type Parsed = { words: string[]; flags: Record<string, string> } | { help: string };

/**
 * Parse argv with commander (docs/decisions/036-cli.md): the commands and options above, `--help` on
 * each. A line that does not parse throws commander's message followed by REMOTE_USAGE.
 */
function parseArgs(argv: string[]): Parsed {
  if (!argv.length || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return argv.length ? { help: REMOTE_USAGE } : { words: [], flags: {} };
  let out = '';
  let parsed: Parsed | undefined;
  const program = new Command('npm run remote --')
    .exitOverride()
    .configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
  for (const c of COMMANDS) {
    const command = program.command(c.name).arguments(c.args).description(c.about);
    for (const [flags, description] of c.flags) command.option(flags, description);
    command.action((...received: unknown[]) => {
      const self = received[received.length - 1] as Command;
      const flags: Record<string, string> = {};
      for (const option of self.options) {
        const value: unknown = self.getOptionValue(option.attributeName());
        if (value !== undefined) flags[option.long!.slice(2)] = value === true ? 'true' : String(value);
      }
      parsed = { words: [c.name, ...self.args], flags };
    });
  }
  try {
    program.parse(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError && e.exitCode === 0) return { help: out.trimEnd() };
    throw new Error(`${(e as Error).message.replace(/^error: /, '')}\n${REMOTE_USAGE}`);
  }
  return parsed ?? { words: [], flags: {} };
}

/**
 * `remote list`: every remote of the registry (also the ones never deployed, served from their build folder,
 * with that build's version and commit), each deployed version newest first: `*` live (since when, by
 * whom, revision), `^` was live before (in rollback order), `!` marked bad (when, by whom, why), `x`
 * pruned (only with `all`), and the commit each build came from.
 */
async function listText(registry: RemoteRegistryService, target: string | undefined, all: boolean, root: string): Promise<string> {
  const names = target ? [remoteName(target)] : Object.keys(await registry.registry()).sort();
  const out: string[] = [];
  for (const name of names) {
    const [rows, live, previous] = await Promise.all([registry.list(name, { all }), registry.live(name), registry.previousLive(name)]);
    if (!live) {
      let build = '';
      try {
        const b = registry.readBundle(join(root, remoteDir(name), 'dist'));
        build = ` (build ${b.version}, commit ${b.commit.slice(0, 10)})`;
      } catch {
        build = ' (not built)';
      }
      out.push(`  ${name.padEnd(18)} never deployed: served from its build folder${build}`);
    }
    for (const r of rows) {
      const mark = r.live ? '*' : r.bad ? '!' : previous.includes(r.version) ? '^' : r.pruned ? 'x' : ' ';
      const state = r.live && live
        ? `live since ${stamp(live.activated_at)} by ${live.activated_by} (revision ${live.revision})`
        : previous.includes(r.version)
          ? `was live until ${r.last_live_at ? stamp(r.last_live_at) : '?'} (rollback #${previous.indexOf(r.version) + 1})`
          : r.pruned
            ? 'pruned'
            : '';
      const bad = r.bad ? `BAD since ${stamp(r.bad.at)} by ${r.bad.by}: ${r.bad.reason}` : '';
      out.push([mark, r.remote.padEnd(18), r.version.padEnd(26), `deployed ${stamp(r.deployed_at)} by ${r.deployed_by}`, `commit ${r.commit.slice(0, 10)}`, state, bad].filter(Boolean).join('  '));
    }
  }
  return out.join('\n') || 'no remotes';
}

const stamp = (d: Date) => new Date(d).toISOString().replace('T', ' ').slice(0, 19) + 'Z';
const describe = (r: ActivationResult, verb: string) =>
  `${r.remote}: ${verb} ${r.to}${r.from ? ` (was ${r.from})` : ''} → ${r.manifest_url}${r.pruned.length ? `; pruned ${r.pruned.join(', ')}` : ''}`;

/**
 * Run `npm run remote -- <command>` (scripts/remote/remote.js). `root` is the repository root (a remote's
 * build is `<root>/<dir>/dist`), `cwd` resolves DATA_DIR and relative paths. Resolves to the text to
 * print; rejects with an Error whose message is the refusal (gate, conflict, unknown version...).
 */
export async function runRemoteCommand(argv: string[], options: { root: string; cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  const parsed = parseArgs(argv);
  if ('help' in parsed) return parsed.help;
  const { words, flags } = parsed;
  const [command, target, version] = words;
  if (!command || !['deploy', 'rollback', 'list', 'history', 'mark-bad', 'canary'].includes(command)) throw new Error(REMOTE_USAGE);
  if (command === 'canary' && (!target || (!version && flags.stop !== 'true' && flags.promote !== 'true'))) throw new Error(REMOTE_USAGE);
  if ((command === 'deploy' || command === 'rollback') && !target) throw new Error(REMOTE_USAGE);
  if (command === 'mark-bad' && (!target || !version || !flags.reason?.trim())) throw new Error(`mark-bad needs a remote, a version and --reason "<why>".\n${REMOTE_USAGE}`);
  const force = flags.force === 'true';
  const env = options.env ?? process.env;
  // From a team's CI: to a portal over HTTP with a deploy token, no database here (docs/decisions/021).
  const api = command === 'deploy' ? flags.to : command === 'rollback' ? flags.api : undefined;
  if (api) {
    if (!/^https?:\/\//i.test(api)) throw new Error(`${command === 'deploy' ? '--to' : '--api'} must be the portal's URL (http:// or https://), got "${api}".`);
    const token = flags.token || env.REMOTE_DEPLOY_TOKEN || '';
    const name = remoteName(target!);
    if (command === 'deploy') {
      const from = flags.from ? (isAbsolute(flags.from) ? flags.from : resolve(options.cwd, flags.from)) : join(options.root, remoteDir(name), 'dist');
      return deployOverHttp(api, token, name, { deploy: from }, force);
    }
    return deployOverHttp(api, token, name, { rollback: { to: flags.to, force: force || undefined } });
  }
  // Nest, TypeORM and the config module load only here: the HTTP path above stays a small client.
  const { bootConfig } = await import('../config/app-config');
  const { openRemoteCli } = await import('./remote-cli.context');
  const loaded: AppConfig = bootConfig(env, options.cwd);
  // The command never registers bundled versions by itself (that is the server's first start, docs/decisions/021).
  const config = { ...loaded, logRequests: false, remoteStore: { ...loaded.remoteStore, registerBundled: false } };
  const actor = flags.by || env.REMOTE_ACTOR || `${userInfo().username}@${hostname()}`;
  let expectedRevision: number | undefined;
  if (flags['expect-revision'] !== undefined) {
    expectedRevision = Number(flags['expect-revision']);
    if (!Number.isInteger(expectedRevision) || expectedRevision < 0) throw new Error(`--expect-revision must be a whole number (got "${flags['expect-revision']}").`);
  }
  const { app, registry, canary } = await openRemoteCli(config);
  try {
    const overridden = target && remoteName(target) in config.remotesOverride;
    const note = overridden ? `\nnote: REMOTES_JSON overrides ${remoteName(target!)} in this environment, so /remotes.json keeps serving ${config.remotesOverride[remoteName(target!)]}.` : '';
    return (await run(registry, canary)) + note;
  } catch (error) {
    if (error instanceof DomainError) throw new Error(error.message);
    throw error;
  } finally {
    await app.close();
  }

  async function run(registry: RemoteRegistryService, canary: RemoteCanaryService): Promise<string> {
    switch (command) {
      case 'deploy': {
        const from = flags.from ? (isAbsolute(flags.from) ? flags.from : resolve(options.cwd, flags.from)) : join(options.root, remoteDir(remoteName(target!)), 'dist');
        const r = await registry.deploy(from, actor, { remote: target, expectedRevision, force });
        if (r.unchanged) return `${r.remote}: ${r.to} is already live; nothing changed.`;
        if (r.from === r.to) return `${r.remote}: ${r.to} stays live, now from ${r.manifest_url}`;
        return describe(r, r.stored ? 'deployed' : 'deployed (already stored)');
      }
      case 'rollback':
        return describe(await registry.rollback(target!, actor, { to: flags.to, expectedRevision, force }), 'rolled back to');
      case 'mark-bad': {
        const r = await registry.markBad(target!, version!, flags.reason!, actor);
        return `${r.remote}: ${r.version} marked bad${r.live ? ` (it is live: roll back with npm run remote -- rollback ${remoteDir(r.remote)})` : ''}.`;
      }
      case 'canary': {
        if (flags.stop === 'true') return `${(await canary.stop(target!, actor)).remote}: canary stopped; every browser gets the live version.`;
        if (flags.promote === 'true') return describe(await canary.promote(target!, actor), 'promoted the canary');
        const percent = Number(flags.percent);
        if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new Error('--percent must be a whole number from 1 to 99.');
        const r = await canary.start(target!, version!, percent, actor, force);
        return `${r.remote}: ${r.canary} is served to ${r.percent} % of browsers (live stays ${r.live}).`;
      }
      case 'list':
        return listText(registry, target, flags.all === 'true', options.root);
      default: {
        const rows = await registry.activations(target);
        return rows.map((a) => `${stamp(a.created_at)}  ${a.remote.padEnd(18)} ${a.action.padEnd(8)} ${a.outcome.padEnd(9)} ${a.from_version ?? '-'} → ${a.to_version}  by ${a.actor}${a.reason ? `  (${a.reason})` : ''}`).join('\n') || 'no activations yet';
      }
    }
  }
}
