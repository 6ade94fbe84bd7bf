import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, IsNull } from 'typeorm';
import type { RemoteVersionRow } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { describeIncompatibilities, findIncompatibilities, manifestSharedVersions, type SharedVersions } from './compatibility-gate';
import { RemoteActivationEntity, RemoteLiveEntity, RemoteVersionEntity, type ActivationAction } from './remote-registry.entities';
import { RemoteStore, VERSION_FILE } from './remote-store';

/** Federation name of a remote: `mfe_releases` (its package dir is `mfe-releases`). */
const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The stored JSON of a version's shared singletons; {} when unreadable (an old row). */
function parseShared(json: string): SharedVersions {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as SharedVersions) : {};
  } catch {
    return {};
  }
}

/** `mfe-releases` or `mfe_releases` → `mfe_releases`; throws DomainError 400 on anything else. */
export function remoteName(input: string): string {
  const name = (input ?? '').trim().replace(/-/g, '_');
  if (!NAME.test(name)) throw new DomainError(400, `"${input}" is not a remote name (e.g. mfe-releases).`, { code: 'bad_remote' });
  return name;
}
/** `mfe_releases` → `mfe-releases` (package dir and store folder). */
export const remoteDir = (name: string): string => name.replace(/_/g, '-');

/** What a built bundle says about itself: dist/version.json plus the manifest's shared versions. */
export type BundleInfo = { name: string; version: string; buildId: string; commit: string; shared: SharedVersions; dir: string };

/**
 * One stored version as `remote list` shows it: the wire's RemoteVersionRow (contracts) with its times as
 * Dates; the controller answers them as ISO 8601.
 */
export type RemoteVersionView = Omit<RemoteVersionRow, 'deployed_at' | 'activated_at'> & { deployed_at: Date; activated_at: Date | null };
/** A live row: the current version of a remote and who made it current, when. */
export type LiveView = { remote: string; version: string; manifest_url: string; activated_by: string; activated_at: Date; revision: number };
/** Answer of a deploy, rollback or activation. */
export type ActivationResult = { remote: string; from: string | null; to: string; manifest_url: string; stored: boolean; pruned: string[] };

/**
 * The live remote registry (issue 12, DESIGN "Shape"): immutable versions in the static store, one live
 * row per remote, an audit row per activation attempt. Deploy and rollback change one row in one
 * transaction with an optimistic revision check; nothing is rebuilt or restarted.
 */
@Injectable()
export class RemoteRegistryService {
  private readonly logger = new Logger(RemoteRegistryService.name);
  /** SQLite has one connection per process: activations of this process run one at a time. */
  private sqliteChain: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: RemoteStore,
  ) {}

  /**
   * `/remotes.json`: federation name → manifest URL. Defaults (each remote's build served by the API
   * under /remotes/<dir>/) ← live rows ← REMOTES_JSON (the development override wins).
   */
  async registry(): Promise<Record<string, string>> {
    const live = await this.db.getRepository(RemoteLiveEntity).find();
    const fromDb = Object.fromEntries(live.map((row) => [row.remote, row.manifest_url]));
    const defaults = Object.fromEntries(Object.entries(this.config.remotes).filter(([name]) => !(name in this.config.remotesOverride)));
    return { ...defaults, ...fromDb, ...this.config.remotesOverride };
  }

  /**
   * Read a built bundle folder (a remote's `dist/`): `version.json` and `mf-manifest.json` must exist.
   * Throws DomainError 400 naming the missing file (build the remote first).
   */
  readBundle(dir: string): BundleInfo {
    for (const file of [VERSION_FILE, 'mf-manifest.json']) {
      if (!existsSync(join(dir, file))) throw new DomainError(400, `${join(dir, file)} is missing: build the remote first (npm run build -w <remote>).`, { code: 'not_built' });
    }
    const info = JSON.parse(readFileSync(join(dir, VERSION_FILE), 'utf8')) as { name?: string; version?: string; buildId?: string; commit?: string };
    const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as { name?: string };
    const name = remoteName(info.name ?? manifest.name ?? '');
    if (!info.version || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(info.version)) throw new DomainError(400, `${VERSION_FILE} of ${name} has no usable version.`, { code: 'bad_bundle' });
    return { name, version: info.version, buildId: info.buildId ?? '', commit: info.commit ?? 'unknown', shared: manifestSharedVersions(manifest), dir };
  }

  /** The shell's singletons (`shared-versions.json` of its build). Throws DomainError 503 when unknown. */
  shellShared(): SharedVersions {
    const file = this.config.remoteStore.shellSharedVersions;
    if (!file || !existsSync(file)) {
      throw new DomainError(503, `Cannot check compatibility: the shell's shared-versions.json is missing (${file ?? 'no STATIC_ROOT'}); build the shell or set SHELL_SHARED_VERSIONS.`, { code: 'gate_unavailable' });
    }
    return JSON.parse(readFileSync(file, 'utf8')) as SharedVersions;
  }

  /**
   * Deploy a built bundle: compatibility gate, copy into the store (never overwriting a version), record
   * the version, activate it (optimistic check on the live revision read at the start) and keep the last
   * `REMOTE_KEEP_VERSIONS`. Throws DomainError 422 (gate), 409 (another activation won, or the version
   * exists with other content), 400 (not a bundle). `expectedRevision` overrides the revision read here.
   */
  async deploy(bundleDir: string, actor: string, options: { remote?: string; expectedRevision?: number } = {}): Promise<ActivationResult> {
    const bundle = this.readBundle(bundleDir);
    if (options.remote && remoteName(options.remote) !== bundle.name) {
      throw new DomainError(400, `${bundleDir} holds ${bundle.name}, not ${remoteName(options.remote)}.`, { code: 'bad_bundle' });
    }
    const live = await this.live(bundle.name);
    const expectedRevision = options.expectedRevision ?? live?.revision ?? 0;
    await this.gate(bundle.name, bundle.version, bundle.shared, 'deploy', live?.version ?? null, actor);

    let stored: boolean;
    try {
      stored = (await this.store.put(remoteDir(bundle.name), bundle.version, bundleDir)).created;
    } catch (error) {
      throw new DomainError(409, (error as Error).message, { code: 'version_exists' });
    }
    const versions = this.db.getRepository(RemoteVersionEntity);
    if (!(await versions.findOneBy({ remote: bundle.name, version: bundle.version }))) {
      try {
        await versions.insert({
          remote: bundle.name,
          version: bundle.version,
          manifest_url: this.manifestUrl(bundle.name, bundle.version),
          shared: JSON.stringify(bundle.shared),
          commit: bundle.commit.slice(0, 64),
          build_id: bundle.buildId.slice(0, 64),
          deployed_by: actor.slice(0, 120),
          deployed_at: new Date(),
          pruned_at: null,
        });
      } catch (error) {
        // The same version deployed at the same moment by someone else: the row is there, go on.
        if (!(await versions.findOneBy({ remote: bundle.name, version: bundle.version }))) throw error;
      }
    } else {
      // Deployed before (maybe pruned since): back in the store, served from today's origin.
      await versions.update({ remote: bundle.name, version: bundle.version }, { pruned_at: null, manifest_url: this.manifestUrl(bundle.name, bundle.version) });
    }
    if (live?.version === bundle.version && options.expectedRevision === undefined) {
      return { remote: bundle.name, from: live.version, to: live.version, manifest_url: live.manifest_url, stored, pruned: [] };
    }
    const result = await this.activate(bundle.name, bundle.version, actor, expectedRevision, 'deploy');
    const pruned = await this.prune(bundle.name);
    return { ...result, stored, pruned };
  }

  /**
   * Make an older stored version live again: `to`, or else the newest version deployed before the live
   * one. Passes the gate again (the shell may have moved). Throws DomainError 404 (no live version,
   * nothing older, unknown or pruned version), 409, 422.
   */
  async rollback(remote: string, actor: string, options: { to?: string; expectedRevision?: number } = {}): Promise<ActivationResult> {
    const name = remoteName(remote);
    const live = await this.live(name);
    if (!live) throw new DomainError(404, `${name} has no live version to roll back from.`, { code: 'no_live_version' });
    const versions = this.db.getRepository(RemoteVersionEntity);
    let target: RemoteVersionEntity | null;
    if (options.to) {
      target = await versions.findOneBy({ remote: name, version: options.to });
      if (!target) throw new DomainError(404, `${name} has no version ${options.to} (see remote list).`, { code: 'unknown_version' });
      if (target.pruned_at) throw new DomainError(404, `${name} ${options.to} was pruned from the store: deploy it again.`, { code: 'pruned_version' });
    } else {
      const current = await versions.findOneBy({ remote: name, version: live.version });
      target = await versions
        .createQueryBuilder('v')
        .where('v.remote = :name AND v.pruned_at IS NULL AND v.version <> :live', { name, live: live.version })
        .andWhere(current ? 'v.id < :id' : '1 = 1', { id: current?.id })
        .orderBy('v.id', 'DESC')
        .getOne();
      if (!target) throw new DomainError(404, `${name} has no version older than ${live.version} in the store.`, { code: 'nothing_to_roll_back_to' });
    }
    if (target.version === live.version) throw new DomainError(409, `${name} ${target.version} is already live.`, { code: 'already_live' });
    await this.gate(name, target.version, JSON.parse(target.shared) as SharedVersions, 'rollback', live.version, actor);
    const result = await this.activate(name, target.version, actor, options.expectedRevision ?? live.revision, 'rollback');
    return { ...result, stored: false, pruned: [] };
  }

  /**
   * Make stored `version` the live one, if the live row is still at `expectedRevision` (0: no live row
   * yet). One transaction: the conditional update (or insert) of the live row, then the audit row; a
   * lost race changes nothing, is audited as `conflict` and throws DomainError 409.
   */
  async activate(remote: string, version: string, actor: string, expectedRevision: number, action: ActivationAction = 'activate'): Promise<ActivationResult> {
    const name = remoteName(remote);
    const row = await this.db.getRepository(RemoteVersionEntity).findOneBy({ remote: name, version, pruned_at: IsNull() });
    if (!row || !(await this.store.has(remoteDir(name), version))) throw new DomainError(404, `${name} ${version} is not in the store.`, { code: 'unknown_version' });
    return this.serialized(async () => {
      // Read outside the transaction (informational): if the revision moved since, the update below loses anyway.
      const before = await this.live(name);
      const from = before && before.revision === expectedRevision ? before.version : null;
      const won = await this.db.transaction(async (tx) => {
        const now = new Date();
        const values = { version, manifest_url: row.manifest_url, shared: row.shared, activated_by: actor.slice(0, 120), activated_at: now };
        // The write comes first, so on SQLite the transaction takes the write lock before reading anything.
        if (expectedRevision === 0) {
          try {
            await tx.getRepository(RemoteLiveEntity).insert({ remote: name, ...values, revision: 1 });
          } catch {
            return false; // someone created the live row first
          }
        } else {
          const update = await tx
            .createQueryBuilder()
            .update(RemoteLiveEntity)
            .set({ ...values, revision: () => 'revision + 1' })
            .where('remote = :name AND revision = :expected', { name, expected: expectedRevision })
            .execute();
          if (update.affected !== 1) return false;
        }
        await tx.getRepository(RemoteActivationEntity).insert({ remote: name, action, from_version: from, to_version: version, outcome: 'activated', reason: null, actor: actor.slice(0, 120), created_at: now });
        return true;
      });
      if (!won) {
        const now = await this.live(name);
        const reason = `Another activation of ${name} won (live is ${now?.version ?? 'none'} at revision ${now?.revision ?? 0}, expected revision ${expectedRevision}); nothing changed.`;
        await this.audit(name, action, now?.version ?? null, version, 'conflict', reason, actor);
        throw new DomainError(409, reason, { code: 'activation_conflict' });
      }
      this.logger.log({ msg: 'remote activated', remote: name, from, to: version, action, actor });
      return { remote: name, from, to: version, manifest_url: row.manifest_url, stored: false, pruned: [] };
    });
  }

  /** Live row of `remote`, or null before its first activation. */
  async live(remote: string): Promise<LiveView | null> {
    const row = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: remoteName(remote) });
    return row ? { remote: row.remote, version: row.version, manifest_url: row.manifest_url, activated_by: row.activated_by, activated_at: row.activated_at, revision: row.revision } : null;
  }

  /** Stored versions (newest first), of one remote or all, with the live marker. */
  async list(remote?: string): Promise<RemoteVersionView[]> {
    const where = remote ? { remote: remoteName(remote) } : {};
    const [rows, live] = await Promise.all([
      this.db.getRepository(RemoteVersionEntity).find({ where, order: { remote: 'ASC', id: 'DESC' } }),
      this.db.getRepository(RemoteLiveEntity).find(),
    ]);
    const liveOf = new Map(live.map((l) => [l.remote, l]));
    return rows.map((r) => {
      const current = liveOf.get(r.remote)?.version === r.version ? liveOf.get(r.remote)! : null;
      return {
      remote: r.remote,
      version: r.version,
        live: current !== null,
        manifest_url: r.manifest_url,
        commit: r.commit,
        deployed_by: r.deployed_by,
        deployed_at: r.deployed_at,
        pruned: r.pruned_at !== null,
        shared: parseShared(r.shared),
        activated_by: current?.activated_by ?? null,
        activated_at: current?.activated_at ?? null,
      };
    });
  }

  /** Audit rows (newest first), of one remote or all; `limit` rows at most. */
  async activations(remote?: string, limit = 50): Promise<RemoteActivationEntity[]> {
    return this.db.getRepository(RemoteActivationEntity).find({ where: remote ? { remote: remoteName(remote) } : {}, order: { id: 'DESC' }, take: limit });
  }

  /** Manifest URL of a version: `<origin>/<version>/mf-manifest.json`, origin from REMOTE_ORIGINS or `/remotes/<dir>`. */
  manifestUrl(name: string, version: string): string {
    const origin = this.config.remoteStore.origins[name] ?? `/remotes/${remoteDir(name)}`;
    return `${origin}/${encodeURIComponent(version)}/mf-manifest.json`;
  }

  /** Remove the folders of versions beyond the newest `keepVersions` (never the live one); answers their versions. */
  private async prune(name: string): Promise<string[]> {
    const repo = this.db.getRepository(RemoteVersionEntity);
    const rows = await repo.find({ where: { remote: name, pruned_at: IsNull() }, order: { id: 'DESC' } });
    const live = (await this.live(name))?.version;
    const pruned: string[] = [];
    for (const row of rows.slice(this.config.remoteStore.keepVersions)) {
      if (row.version === live) continue;
      await repo.update({ id: row.id }, { pruned_at: new Date() });
      await this.store.remove(remoteDir(name), row.version);
      pruned.push(row.version);
    }
    return pruned;
  }

  private async gate(name: string, version: string, shared: SharedVersions, action: ActivationAction, from: string | null, actor: string): Promise<void> {
    const problems = findIncompatibilities(shared, this.shellShared());
    if (!problems.length) return;
    const reason = describeIncompatibilities(name, version, problems);
    await this.audit(name, action, from, version, 'refused', reason, actor);
    throw new DomainError(422, reason, { code: 'incompatible_remote', extra: { incompatible: problems } });
  }

  private async audit(remote: string, action: ActivationAction, from: string | null, to: string, outcome: 'refused' | 'conflict', reason: string, actor: string): Promise<void> {
    await this.db.getRepository(RemoteActivationEntity).insert({ remote, action, from_version: from, to_version: to, outcome, reason: reason.slice(0, 1000), actor: actor.slice(0, 120), created_at: new Date() });
  }

  private serialized<T>(fn: () => Promise<T>): Promise<T> {
    if (this.config.database.type !== 'sqlite') return fn();
    const next = this.sqliteChain.then(fn, fn);
    this.sqliteChain = next.catch(() => undefined);
    return next;
  }
}
