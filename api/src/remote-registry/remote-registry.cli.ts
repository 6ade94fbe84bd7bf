import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { hostname, userInfo } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { createSharedState, SharedStateModule } from '../redis/shared-state.module';
import { ConfigModule } from '../config/config.module';
import { loadConfig, type AppConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { DomainError } from '../common/domain-error';
import { RemoteRegistryModule } from './remote-registry.module';
import { remoteDir, remoteName, RemoteRegistryService, type ActivationResult } from './remote-registry.service';

/** Just what the command needs: config, database (migrations run), the registry. Boots in well under a second. */
@Module({})
class RemoteCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    // The registry's module reaches the staff module (console rollbacks), whose lockout counts live in SharedCounters (Redis with REDIS_URL).
    return { module: RemoteCliModule, imports: [ConfigModule.forRoot(config), SharedStateModule.forRoot(createSharedState(config)), DatabaseModule, RemoteRegistryModule] };
  }
}

export const REMOTE_USAGE = `usage: npm run remote -- <command>
  deploy <remote> [--from <dist dir>] [--by <name>]    store the build (default <remote>/dist) and make it live
  rollback <remote> [--to <version>] [--by <name>]     make an older stored version live (default: the one before)
      --expect-revision <n>  (deploy, rollback) activate only if the live row is still at revision n (see list)
  list [<remote>]                                      stored versions, * = live, deployed when and by whom
  history [<remote>]                                   activation audit (activated, refused, conflict)`;

/** `--name value` flags and positional words of argv. */
function parseArgs(argv: string[]): { words: string[]; flags: Record<string, string> } {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
      flags[k] = v ?? argv[(i += 1)] ?? '';
    } else words.push(a);
  }
  return { words, flags };
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
  const { words, flags } = parseArgs(argv);
  const [command, target] = words;
  if (!command || !['deploy', 'rollback', 'list', 'history'].includes(command)) throw new Error(REMOTE_USAGE);
  if ((command === 'deploy' || command === 'rollback') && !target) throw new Error(REMOTE_USAGE);
  const env = options.env ?? process.env;
  const config = { ...loadConfig(env, options.cwd), logRequests: false };
  const actor = flags.by || env.REMOTE_ACTOR || `${userInfo().username}@${hostname()}`;
  let expectedRevision: number | undefined;
  if (flags['expect-revision'] !== undefined) {
    expectedRevision = Number(flags['expect-revision']);
    if (!Number.isInteger(expectedRevision) || expectedRevision < 0) throw new Error(`--expect-revision must be a whole number (got "${flags['expect-revision']}").`);
  }
  const app = await NestFactory.createApplicationContext(RemoteCliModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const registry = app.get(RemoteRegistryService);
    const overridden = target && remoteName(target) in config.remotesOverride;
    const note = overridden ? `\nnote: REMOTES_JSON overrides ${remoteName(target!)} in this environment, so /remotes.json keeps serving ${config.remotesOverride[remoteName(target!)]}.` : '';
    return (await run(registry)) + note;
  } catch (error) {
    if (error instanceof DomainError) throw new Error(error.message);
    throw error;
  } finally {
    await app.close();
  }

  async function run(registry: RemoteRegistryService): Promise<string> {
    switch (command) {
      case 'deploy': {
        const from = flags.from ? (isAbsolute(flags.from) ? flags.from : resolve(options.cwd, flags.from)) : join(options.root, remoteDir(remoteName(target!)), 'dist');
        const r = await registry.deploy(from, actor, { remote: target, expectedRevision });
        if (r.from === r.to) return `${r.remote}: ${r.to} is already live; nothing changed.`;
        return describe(r, r.stored ? 'deployed' : 'deployed (already stored)');
      }
      case 'rollback':
        return describe(await registry.rollback(target!, actor, { to: flags.to, expectedRevision }), 'rolled back to');
      case 'list': {
        const rows = await registry.list(target);
        if (!rows.length) return 'no versions deployed yet (remotes without one are served from their build folder)';
        const lives = new Map<string, { at: Date; by: string; revision: number }>();
        for (const r of rows) if (r.live && !lives.has(r.remote)) {
          const l = await registry.live(r.remote);
          if (l) lives.set(r.remote, { at: l.activated_at, by: l.activated_by, revision: l.revision });
        }
        return rows
          .map((r) => {
            const live = r.live ? lives.get(r.remote) : undefined;
            return [r.live ? '*' : r.pruned ? 'x' : ' ', r.remote.padEnd(18), r.version.padEnd(26), `deployed ${stamp(r.deployed_at)} by ${r.deployed_by}`, `commit ${r.commit.slice(0, 10)}`, live ? `live since ${stamp(live.at)} by ${live.by} (revision ${live.revision})` : r.pruned ? 'pruned' : ''].join('  ');
          })
          .join('\n');
      }
      default: {
        const rows = await registry.activations(target);
        return rows.map((a) => `${stamp(a.created_at)}  ${a.remote.padEnd(18)} ${a.action.padEnd(8)} ${a.outcome.padEnd(9)} ${a.from_version ?? '-'} → ${a.to_version}  by ${a.actor}${a.reason ? `  (${a.reason})` : ''}`).join('\n') || 'no activations yet';
      }
    }
  }
}
