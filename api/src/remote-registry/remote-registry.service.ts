import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, In, IsNull, LessThan } from 'typeorm';
import type { RemoteVersionRow } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { REMOTE_DEPLOY_MESSAGES } from '@portal/contracts/server';
import { describeIncompatibilities, findIncompatibilities, manifestNonSingletons, manifestSharedVersions, type SharedVersions } from './checks/compatibility-gate';
import { RemoteActivationEntity, RemoteDeployClaimEntity, RemoteLiveEntity, RemoteVersionEntity, type ActivationAction, type ActivationOutcome } from './remote-registry.entities';
import { checkCandidate, httpFetcher, type FileFetcher } from './checks/pre-activation-check';
import { RemoteStore, VERSION_FILE } from './store/remote-store';

/** How long a deploy claim holds a remote when its deploy never ends (a crashed command). */
const CLAIM_TTL_MS = 120_000;
/** Actions that make a version live by going back (docs/decisions/021: they pop the activation history). */
const BACKWARD: readonly ActivationAction[] = ['rollback', 'auto-rollback'];
/** Actions that change the live version (a canary or a bad mark does not). */
const LIVE_ACTIONS: ActivationAction[] = ['deploy', 'activate', 'rollback', 'auto-rollback'];

/** Federation name of a remote: `mfe_releases` (its package dir is `mfe-releases`). */

/** The stored JSON of a version's shared singletons; {} when unreadable (an old row). */
function parseShared(json: string): SharedVersions {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as SharedVersions) : {};
  } catch {
    return {};
  }
}

import { remoteDir, remoteName } from './remote-names';
import { Transactions } from '../database/transactions';

export { remoteDir, remoteName };

/**
 * What a built bundle says about itself: dist/version.json plus the manifest's shared versions and the
 * share keys it does not mark `singleton: true` (the gate refuses those the shell shares, docs/decisions/029).
 */
export type BundleInfo = { name: string; version: string; buildId: string; commit: string; shared: SharedVersions; nonSingletons: string[]; dir: string };

/**
 * One stored version as `remote list` shows it: the wire's RemoteVersionRow (contracts) with its times as
 * Dates; the controller answers them as ISO 8601.
 */
export type RemoteVersionView = Omit<RemoteVersionRow, 'deployed_at' | 'activated_at' | 'last_live_at' | 'bad'> & {
  deployed_at: Date;
  activated_at: Date | null;
  last_live_at: Date | null;
  bad: { at: Date; by: string; reason: string } | null;
};
/** A live row: the current version of a remote and who made it current, when. */
export type LiveView = { remote: string; version: string; manifest_url: string; activated_by: string; activated_at: Date; revision: number };
/** Answer of a deploy, rollback or activation. */
export type ActivationResult = { remote: string; from: string | null; to: string; manifest_url: string; stored: boolean; pruned: string[]; unchanged?: boolean };

/**
 * The live remote registry (docs/decisions/007, DESIGN "Shape"): immutable versions in the static store, one live
 * row per remote, an audit row per activation attempt. Deploy and rollback change one row in one
 * transaction with an optimistic revision check; nothing is rebuilt or restarted.
 */
@Injectable()
export class RemoteRegistryService {
  private readonly logger = new Logger(RemoteRegistryService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
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

  /** Absolute origins (`https://host:port`) of the manifest URLs the live registry names now, canaries included. */
  async liveOrigins(): Promise<string[]> {
    const [registry, canaries] = await Promise.all([this.registry(), this.db.getRepository(RemoteLiveEntity).find()]);
    const urls = [...Object.values(registry), ...canaries.map((r) => r.canary_manifest_url ?? '')];
    const out = new Set<string>();
    for (const url of urls) if (/^https?:\/\//i.test(url)) out.add(new URL(url).origin);
    return [...out];
  }

  /**
   * Read a built bundle folder (a remote's `dist/`): `version.json` and `mf-manifest.json` must exist.
   * `label` names the bundle in messages (the folder for the on-server command; "the uploaded bundle"
   * over HTTP, so an answer never shows a path of this server). Throws DomainError 400 naming the missing
   * or unreadable file (build the remote first).
   */
  readBundle(dir: string, label: string = dir): BundleInfo {
    const read = (file: string) => {
      if (!existsSync(join(dir, file))) throw new DomainError(400, REMOTE_DEPLOY_MESSAGES.missingFile(label, file), { code: 'not_built' });
      try {
        return JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
      } catch {
        throw new DomainError(400, REMOTE_DEPLOY_MESSAGES.notJson(label, file), { code: 'bad_bundle' });
      }
    };
    const info = (read(VERSION_FILE) ?? {}) as { name?: string; version?: string; buildId?: string; commit?: string };
    const manifest = (read('mf-manifest.json') ?? {}) as { name?: string };
    const name = remoteName(info.name ?? manifest.name ?? '');
    if (!info.version || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(info.version)) throw new DomainError(400, REMOTE_DEPLOY_MESSAGES.noVersion(VERSION_FILE, name), { code: 'bad_bundle' });
    return { name, version: info.version, buildId: info.buildId ?? '', commit: info.commit ?? 'unknown', shared: manifestSharedVersions(manifest), nonSingletons: manifestNonSingletons(manifest), dir };
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
   * Deploy a built bundle (docs/decisions/007, 021): claim the remote (one deploy of it at a time; a
   * second one fails at once naming the first), compatibility gate, copy into the store (never overwriting
   * a version), pre-activation check from the origin browsers will use, record the version, activate it
   * (compare-and-swap on the live revision read when the claim was taken) and prune the store.
   * A version marked bad is refused unless `force`. Throws DomainError 422 (gate, check), 409 (another
   * deploy or activation won, naming it; the version exists with other content; a bad version), 400 (not
   * a bundle). `expectedRevision` overrides the revision read here; `claimed`: the caller holds the claim.
   */
  async deploy(bundleDir: string, actor: string, options: { remote?: string; expectedRevision?: number; force?: boolean; claimed?: boolean; label?: string } = {}): Promise<ActivationResult> {
    const bundle = this.readBundle(bundleDir, options.label);
    if (options.remote && remoteName(options.remote) !== bundle.name) {
      throw new DomainError(400, REMOTE_DEPLOY_MESSAGES.wrongRemote(options.label ?? bundleDir, bundle.name, remoteName(options.remote)), { code: 'bad_bundle' });
    }
    // `claimed`: the caller holds the claim already (a deploy over HTTP claims before its upload streams in).
    const release = options.claimed ? async () => undefined : await this.claim(bundle.name, bundle.version, actor, 'deploy');
    try {
      return await this.deployClaimed(bundle, bundleDir, actor, options);
    } finally {
      await release();
    }
  }

  private async deployClaimed(bundle: BundleInfo, bundleDir: string, actor: string, options: { expectedRevision?: number; force?: boolean }): Promise<ActivationResult> {
    const live = await this.live(bundle.name);
    const expectedRevision = options.expectedRevision ?? live?.revision ?? 0;
    const versions = this.db.getRepository(RemoteVersionEntity);
    const known = await versions.findOneBy({ remote: bundle.name, version: bundle.version });
    if (known?.bad_at && !options.force) await this.refuseBad(known, 'deploy', live?.version ?? null, actor);
    await this.gate(bundle.name, bundle.version, bundle.shared, 'deploy', live?.version ?? null, actor, bundle.nonSingletons);

    let stored: boolean;
    try {
      stored = (await this.store.put(remoteDir(bundle.name), bundle.version, bundleDir)).created;
    } catch (error) {
      throw new DomainError(409, (error as Error).message, { code: 'version_exists' });
    }
    const manifestUrl = this.manifestUrl(bundle.name, bundle.version);
    try {
      await this.check(bundle.name, bundle.version, manifestUrl, 'deploy', live?.version ?? null, actor);
    } catch (error) {
      // Never live and never recorded: a version that failed its check leaves nothing behind.
      if (stored && !known) await this.store.remove(remoteDir(bundle.name), bundle.version).catch(() => undefined);
      throw error;
    }
    if (!known) {
      try {
        await versions.insert({
          remote: bundle.name,
          version: bundle.version,
          manifest_url: manifestUrl,
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
      await versions.update({ remote: bundle.name, version: bundle.version }, { pruned_at: null, manifest_url: manifestUrl });
    }
    if (live?.version === bundle.version && live.manifest_url === manifestUrl && options.expectedRevision === undefined) {
      return { remote: bundle.name, from: live.version, to: live.version, manifest_url: live.manifest_url, stored, pruned: [], unchanged: true };
    }
    const result = await this.activate(bundle.name, bundle.version, actor, expectedRevision, 'deploy');
    const pruned = await this.prune(bundle.name);
    return { ...result, stored, pruned };
  }

  /**
   * Hold `remote` for one deploy (table remote_deploy_claims, primary key = remote): resolves to the
   * release function; throws DomainError 409 `deploy_in_progress` naming the holder when another deploy of
   * it is running (a claim older than CLAIM_TTL_MS is taken over: its command died). Audited as conflict.
   */
  async claim(remote: string, version: string, actor: string, action: ActivationAction): Promise<() => Promise<void>> {
    const name = remoteName(remote);
    const repo = this.db.getRepository(RemoteDeployClaimEntity);
    const now = new Date();
    await repo.delete({ remote: name, expires_at: LessThan(now) });
    const row = { remote: name, version: version.slice(0, 128), actor: actor.slice(0, 120), claimed_at: now, expires_at: new Date(now.getTime() + CLAIM_TTL_MS) };
    // INSERT OR IGNORE / INSERT IGNORE: losing is an answer, not a failed query (which the database layer would log, SQL and all).
    const [sql, params] = repo.createQueryBuilder().insert().into(RemoteDeployClaimEntity).values(row).orIgnore().getQueryAndParameters();
    const runner = this.db.createQueryRunner();
    let won: boolean;
    try {
      won = ((await runner.query(sql, params, true)) as { affected?: number }).affected === 1;
    } finally {
      await runner.release();
    }
    if (!won) {
      const holder = await repo.findOneBy({ remote: name });
      const live = await this.live(name);
      const reason = holder
        ? `Another deploy of ${name} won: ${holder.version} by ${holder.actor}, started ${new Date(holder.claimed_at).toISOString()}, is in progress; nothing changed.`
        : `Another deploy of ${name} won (live is ${live?.version ?? 'none'}, by ${live?.activated_by ?? 'nobody'}); nothing changed.`;
      await this.audit(name, action, live?.version ?? null, version, 'conflict', reason, actor);
      throw new DomainError(409, reason, { code: 'deploy_in_progress', extra: { winner: holder ? { version: holder.version, actor: holder.actor } : null } });
    }
    return async () => {
      await repo.delete({ remote: name, actor: row.actor, version: row.version }).catch(() => undefined);
    };
  }

  /**
   * Mark a stored version bad (docs/decisions/021): rollback skips it and deploy or activation refuse it
   * without `force`. Audited (`mark-bad`). Throws DomainError 404 (unknown version).
   */
  async markBad(remote: string, version: string, reason: string, actor: string): Promise<{ remote: string; version: string; live: boolean }> {
    const name = remoteName(remote);
    const repo = this.db.getRepository(RemoteVersionEntity);
    const row = await repo.findOneBy({ remote: name, version });
    if (!row) throw new DomainError(404, `${name} has no version ${version} (see remote list).`, { code: 'unknown_version' });
    const text = reason.trim().slice(0, 1000) || 'no reason given';
    await repo.update({ id: row.id }, { bad_at: new Date(), bad_by: actor.slice(0, 120), bad_reason: text });
    const live = await this.live(name);
    await this.audit(name, 'mark-bad', live?.version ?? null, version, 'marked', text, actor);
    return { remote: name, version, live: live?.version === version };
  }

  /**
   * The versions that were live before the live one, newest first (docs/decisions/021): the activation
   * audit replayed as a history stack (a deploy or activation pushes its version, a rollback goes back to
   * its target), minus the live version, repeated entries, bad and pruned versions.
   */
  async previousLive(remote: string): Promise<string[]> {
    const name = remoteName(remote);
    const rows = await this.db.getRepository(RemoteActivationEntity).find({ where: { remote: name, outcome: 'activated', action: In(LIVE_ACTIONS) }, order: { id: 'DESC' }, take: 1000 });
    const stack: string[] = [];
    for (const row of rows.reverse()) {
      if (BACKWARD.includes(row.action)) {
        const at = stack.lastIndexOf(row.to_version, stack.length - 2);
        if (at >= 0) {
          stack.length = at + 1;
          continue;
        }
      }
      if (stack[stack.length - 1] !== row.to_version) stack.push(row.to_version);
    }
    const live = (await this.live(name))?.version;
    const usable = new Set((await this.db.getRepository(RemoteVersionEntity).findBy({ remote: name, pruned_at: IsNull(), bad_at: IsNull() })).map((v) => v.version));
    const out: string[] = [];
    for (const version of stack.reverse()) if (version !== live && usable.has(version) && !out.includes(version)) out.push(version);
    return out;
  }

  /**
   * Make the version that was live before the live one live again (by activation history, not deploy
   * order; bad and pruned versions skipped), or stored version `to`. Passes the gate and the
   * pre-activation check again. A version marked bad is refused unless `force`. Throws DomainError 404
   * (no live version, nothing to go back to, unknown or pruned version), 409, 422.
   */
  async rollback(remote: string, actor: string, options: { to?: string; expectedRevision?: number; force?: boolean; action?: ActivationAction } = {}): Promise<ActivationResult> {
    const name = remoteName(remote);
    const action = options.action ?? 'rollback';
    const live = await this.live(name);
    if (!live) throw new DomainError(404, `${name} has no live version to roll back from.`, { code: 'no_live_version' });
    const versions = this.db.getRepository(RemoteVersionEntity);
    let target: RemoteVersionEntity | null;
    if (options.to) {
      target = await versions.findOneBy({ remote: name, version: options.to });
      if (!target) throw new DomainError(404, `${name} has no version ${options.to} (see remote list).`, { code: 'unknown_version' });
      if (target.pruned_at) throw new DomainError(404, `${name} ${options.to} was pruned from the store: deploy it again.`, { code: 'pruned_version' });
      if (target.bad_at && !options.force) await this.refuseBad(target, action, live.version, actor);
    } else {
      const [previous] = await this.previousLive(name);
      target = previous ? await versions.findOneBy({ remote: name, version: previous }) : null;
      if (!target) throw new DomainError(404, `${name} has no version that was live before ${live.version} in the store (bad and pruned versions are skipped; --to <version> names one).`, { code: 'nothing_to_roll_back_to' });
    }
    if (target.version === live.version) throw new DomainError(409, `${name} ${target.version} is already live.`, { code: 'already_live' });
    await this.gate(name, target.version, JSON.parse(target.shared) as SharedVersions, action, live.version, actor);
    await this.check(name, target.version, target.manifest_url, action, live.version, actor);
    const result = await this.activate(name, target.version, actor, options.expectedRevision ?? live.revision, action);
    return { ...result, stored: false, pruned: [] };
  }

  /**
   * Make stored `version` the live one, if the live row is still at `expectedRevision` (0: no live row
   * yet). One transaction: the conditional update (or insert) of the live row, then the audit row; a
   * lost race changes nothing, is audited as `conflict` and throws DomainError 409.
   */
  async activate(remote: string, version: string, actor: string, expectedRevision: number, action: ActivationAction = 'activate', force = true): Promise<ActivationResult> {
    const name = remoteName(remote);
    const row = await this.db.getRepository(RemoteVersionEntity).findOneBy({ remote: name, version, pruned_at: IsNull() });
    if (!row || !(await this.store.has(remoteDir(name), version))) throw new DomainError(404, `${name} ${version} is not in the store.`, { code: 'unknown_version' });
    if (row.bad_at && !force) await this.refuseBad(row, action, (await this.live(name))?.version ?? null, actor);
    // One transaction (database/transactions.ts: one writer at a time on SQLite, BEGIN IMMEDIATE): the read
    // of the live row is informational; if the revision moved since, the conditional write below loses.
    const won = await this.transactions.run(async (tx) => {
      const before = await tx.getRepository(RemoteLiveEntity).findOneBy({ remote: name });
      const from = before && before.revision === expectedRevision ? before.version : null;
      const now = new Date();
      // A new live version ends any canary of the remote (docs/decisions/021).
      const values = { version, manifest_url: row.manifest_url, shared: row.shared, activated_by: actor.slice(0, 120), activated_at: now, canary_version: null, canary_manifest_url: null, canary_percent: null, canary_since: null };
      if (expectedRevision === 0) {
        // Someone created the live row first: lost (INSERT OR IGNORE, so no failed query is logged).
        const [sql, params] = tx.getRepository(RemoteLiveEntity).createQueryBuilder().insert().into(RemoteLiveEntity).values({ remote: name, ...values, revision: 1 }).orIgnore().getQueryAndParameters();
        if (((await tx.queryRunner!.query(sql, params, true)) as { affected?: number }).affected !== 1) return false;
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
      // When each version was last live: pruning keeps the recent ones (docs/decisions/021).
      await tx.getRepository(RemoteVersionEntity).update({ remote: name, version: In(from && from !== version ? [version, from] : [version]) }, { last_live_at: now });
      return { from };
    });
    if (!won) {
      const now = await this.live(name);
      const reason = `Another activation of ${name} won: ${now?.version ?? 'none'} by ${now?.activated_by ?? 'nobody'} (revision ${now?.revision ?? 0}, expected revision ${expectedRevision}); nothing changed.`;
      await this.audit(name, action, now?.version ?? null, version, 'conflict', reason, actor);
      throw new DomainError(409, reason, { code: 'activation_conflict', extra: { winner: now ? { version: now.version, actor: now.activated_by } : null } });
    }
    const { from } = won;
    this.logger.log({ msg: 'remote activated', remote: name, from, to: version, action, actor });
    return { remote: name, from, to: version, manifest_url: row.manifest_url, stored: false, pruned: [] };
  }

  /** Live row of `remote`, or null before its first activation. */
  async live(remote: string): Promise<LiveView | null> {
    const row = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: remoteName(remote) });
    return row ? { remote: row.remote, version: row.version, manifest_url: row.manifest_url, activated_by: row.activated_by, activated_at: row.activated_at, revision: row.revision } : null;
  }

  /** Deployed versions (newest first), of one remote or all, with the live marker; pruned ones only with `all`. */
  async list(remote?: string, options: { all?: boolean } = {}): Promise<RemoteVersionView[]> {
    const where = { ...(remote ? { remote: remoteName(remote) } : {}), ...(options.all ? {} : { pruned_at: IsNull() }) };
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
        last_live_at: r.last_live_at,
        canary_percent: liveOf.get(r.remote)?.canary_version === r.version ? (liveOf.get(r.remote)!.canary_percent ?? null) : null,
        reports: { loads: 0, failures: 0 },
        bad: r.bad_at ? { at: r.bad_at, by: r.bad_by ?? '', reason: r.bad_reason ?? '' } : null,
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

  /**
   * Remove store folders beyond `keepVersions` (docs/decisions/021): kept are the live version, the
   * canary, the version live just before (always), the newest deployed, then the versions that were live
   * most recently (by `last_live_at`) and the newest others up to the limit. Answers the removed versions.
   */
  private async prune(name: string): Promise<string[]> {
    const repo = this.db.getRepository(RemoteVersionEntity);
    const rows = await repo.find({ where: { remote: name, pruned_at: IsNull() }, order: { id: 'DESC' } });
    const liveRow = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: name });
    const keep = new Set<string>();
    if (liveRow) keep.add(liveRow.version);
    if (liveRow?.canary_version) keep.add(liveRow.canary_version);
    // The version live a moment ago (the latest activation's `from`), whatever the limit: open tabs still load it.
    const [latest] = await this.db.getRepository(RemoteActivationEntity).find({ where: { remote: name, outcome: 'activated', action: In(LIVE_ACTIONS) }, order: { id: 'DESC' }, take: 1 });
    if (latest?.from_version) keep.add(latest.from_version);
    if (rows[0]) keep.add(rows[0].version); // the newest deployed
    // Then the rollback targets in order, the others that were live (latest first; ties: newest deployed), the newest others.
    const wasLive = rows.filter((r) => r.last_live_at).sort((a, b) => new Date(b.last_live_at!).getTime() - new Date(a.last_live_at!).getTime() || b.id - a.id);
    for (const version of [...(await this.previousLive(name)), ...wasLive.map((r) => r.version), ...rows.map((r) => r.version)]) {
      if (keep.size < this.config.remoteStore.keepVersions) keep.add(version);
    }
    const pruned: string[] = [];
    for (const row of rows) {
      if (keep.has(row.version)) continue;
      await repo.update({ id: row.id }, { pruned_at: new Date() });
      await this.store.remove(remoteDir(name), row.version);
      pruned.push(row.version);
    }
    return pruned;
  }

  /** Refuse to activate a version marked bad (audited as refused): DomainError 409 `bad_version`. */
  async refuseBad(row: RemoteVersionEntity, action: ActivationAction, from: string | null, actor: string): Promise<never> {
    const reason = `${row.remote} ${row.version} is marked bad (${row.bad_reason ?? 'no reason'}, by ${row.bad_by ?? 'unknown'}): not activated; use --force to activate it anyway. The live version stays.`;
    await this.audit(row.remote, action, from, row.version, 'refused', reason, actor);
    throw new DomainError(409, reason, { code: 'bad_version' });
  }

  /**
   * The pre-activation check (pre-activation-check.ts) of `version`, whose manifest is `manifestUrl`: an
   * absolute URL is fetched over HTTP (the remote's own origin); a path is a version this API serves from
   * the store, read through the store. A failure is audited as refused and throws DomainError 422.
   */
  async check(name: string, version: string, manifestUrl: string, action: ActivationAction, from: string | null, actor: string): Promise<void> {
    const absolute = /^https?:\/\//i.test(manifestUrl);
    const base = 'http://store.invalid';
    const prefix = `${base}/remotes/${remoteDir(name)}/${encodeURIComponent(version)}/`;
    const missing = { status: 404, contentType: '', body: Buffer.alloc(0) };
    const fromStore: FileFetcher = async (url) => {
      if (!url.startsWith(prefix)) return missing;
      const file = await this.store.readFile(remoteDir(name), version, decodeURIComponent(url.slice(prefix.length)));
      return file ? { status: 200, contentType: file.contentType, body: file.body } : missing;
    };
    // In containers the browsers' origin (a published port) may not be reachable from here: REMOTE_CHECK_ORIGINS names the way in.
    const publicOrigin = this.config.remoteStore.origins[name];
    const via = this.config.remoteStore.checkOrigins[name];
    const viaFetcher: FileFetcher = (url, signal) => httpFetcher(via && publicOrigin && url.startsWith(`${publicOrigin}/`) ? `${via}${url.slice(publicOrigin.length)}` : url, signal);
    try {
      await checkCandidate(name, absolute ? manifestUrl : new URL(manifestUrl, base).href, absolute ? viaFetcher : fromStore, this.config.remoteStore.checkTimeoutMs);
    } catch (error) {
      const reason = `${name} ${version} refused before going live: ${(error as Error).message}. The live version stays.`;
      await this.audit(name, action, from, version, 'refused', reason, actor);
      throw new DomainError(422, reason, { code: 'check_failed' });
    }
  }

  /**
   * The compatibility gate (checks/compatibility-gate.ts) of `version` sharing `shared`, `nonSingletons`
   * its share keys without `singleton: true` (known at deploy, from the manifest). A refusal is audited
   * and throws DomainError 422 `incompatible_remote` with the problems; 503 when the shell's list is unknown.
   */
  async gate(name: string, version: string, shared: SharedVersions, action: ActivationAction, from: string | null, actor: string, nonSingletons: readonly string[] = []): Promise<void> {
    const problems = findIncompatibilities(shared, this.shellShared(), nonSingletons);
    if (!problems.length) return;
    const reason = describeIncompatibilities(name, version, problems);
    await this.audit(name, action, from, version, 'refused', reason, actor);
    throw new DomainError(422, reason, { code: 'incompatible_remote', extra: { incompatible: problems } });
  }

  async audit(remote: string, action: ActivationAction, from: string | null, to: string, outcome: Exclude<ActivationOutcome, 'activated'>, reason: string, actor: string): Promise<void> {
    await this.db.getRepository(RemoteActivationEntity).insert({ remote, action, from_version: from, to_version: to, outcome, reason: reason.slice(0, 1000), actor: actor.slice(0, 120), created_at: new Date() });
  }

}
