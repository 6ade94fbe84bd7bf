import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import type { RemoteCanaryResult } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import { RemoteActivationEntity, RemoteLiveEntity, RemoteVersionEntity } from '../remote-registry.entities';
import { remoteName, RemoteRegistryService } from '../remote-registry.service';
import type { SharedVersions } from '../checks/compatibility-gate';
import { LoadTokens } from './load-tokens';
import { Transactions } from '../../database/transactions';

/** Cookie of a browser's random id: which share of browsers it falls in for each remote's canary (sticky). */
export const BROWSER_COOKIE = 'portal_browser';
/** Cookie of a staff member's pins `{ remote: version }`, signed with the server's secret. */
export const PIN_COOKIE = 'portal_remote_pins';
const YEAR_SECONDS = 365 * 24 * 3600;

/** `name=value` pairs of a Cookie header. */
export function readCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return out;
}

/** The share (0–99) of browser `id` for `remote`'s canary: a hash, so each remote's canary reaches other browsers. */
export function canaryBucket(id: string, remote: string): number {
  return createHash('sha256').update(`${id}:${remote}`).digest().readUInt32BE(0) % 100;
}

/**
 * Canaries and staff pins (docs/decisions/021 "Canary"): a stored version served besides the live one to
 * `percent` % of browsers, chosen by a random id in a cookie (sticky per browser, per remote by hash);
 * staff pin their own browser to any stored version by a signed cookie. `/remotes.json` is answered per
 * browser by `registryFor`.
 */
@Injectable()
export class RemoteCanaryService {
  private readonly loadTokens: LoadTokens;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RemoteRegistryService,
  ) {
    this.loadTokens = new LoadTokens(config.jwtSecret);
  }

  /**
   * Serve stored `version` of `remote` to `percent` % of browsers. Gate and pre-activation check as an
   * activation; a bad version refused (409) unless `force`; compare-and-swap on the live revision (409).
   */
  async start(remote: string, version: string, percent: number, actor: string, force = false): Promise<RemoteCanaryResult> {
    const name = remoteName(remote);
    const live = await this.registry.live(name);
    if (!live) throw new DomainError(404, `${name} has no live version: deploy one before a canary.`, { code: 'no_live_version' });
    const row = await this.db.getRepository(RemoteVersionEntity).findOneBy({ remote: name, version, pruned_at: IsNull() });
    if (!row) throw new DomainError(404, `${name} has no stored version ${version} (see remote list).`, { code: 'unknown_version' });
    if (version === live.version) throw new DomainError(409, `${name} ${version} is already live.`, { code: 'already_live' });
    if (row.bad_at && !force) await this.registry.refuseBad(row, 'canary', live.version, actor);
    await this.registry.gate(name, version, JSON.parse(row.shared) as SharedVersions, 'canary', live.version, actor);
    await this.registry.check(name, version, row.manifest_url, 'canary', live.version, actor);
    await this.swap(name, live.revision, { canary_version: version, canary_manifest_url: row.manifest_url, canary_percent: percent, canary_since: new Date() }, actor, { from: live.version, to_version: version, outcome: 'activated', reason: `canary for ${percent} % of browsers` });
    return { remote: name, live: live.version, canary: version, percent };
  }

  /** End `remote`'s canary (every browser gets the live version); `reason` goes to the audit. 404 without one. */
  async stop(remote: string, actor: string, reason = 'canary stopped'): Promise<RemoteCanaryResult> {
    const name = remoteName(remote);
    const row = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: name });
    if (!row?.canary_version) throw new DomainError(404, `${name} has no canary.`, { code: 'no_canary' });
    await this.swap(name, row.revision, { canary_version: null, canary_manifest_url: null, canary_percent: null, canary_since: null }, actor, { from: row.version, to_version: row.canary_version, outcome: 'marked', reason });
    return { remote: name, live: row.version, canary: null, percent: null };
  }

  /** Make `remote`'s canary the live version for everyone (an activation: gate, check, history). */
  async promote(remote: string, actor: string) {
    const name = remoteName(remote);
    const row = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: name });
    if (!row?.canary_version) throw new DomainError(404, `${name} has no canary.`, { code: 'no_canary' });
    return this.registry.rollback(name, actor, { to: row.canary_version, action: 'activate', expectedRevision: row.revision });
  }

  private async swap(name: string, revision: number, values: Partial<RemoteLiveEntity>, actor: string, audit: Pick<RemoteActivationEntity, 'to_version' | 'outcome' | 'reason'> & { from: string }): Promise<void> {
    const won = await this.transactions.run(async (tx) => {
      const update = await tx
        .createQueryBuilder()
        .update(RemoteLiveEntity)
        .set({ ...values, revision: () => 'revision + 1' })
        .where('remote = :name AND revision = :revision', { name, revision })
        .execute();
      if (update.affected !== 1) return false;
      await tx.getRepository(RemoteActivationEntity).insert({ remote: name, action: 'canary', from_version: audit.from, to_version: audit.to_version, outcome: audit.outcome, reason: audit.reason, actor: actor.slice(0, 120), created_at: new Date() });
      return true;
    });
    if (!won) {
      const now = await this.registry.live(name);
      throw new DomainError(409, `Another activation of ${name} won: ${now?.version ?? 'none'} by ${now?.activated_by ?? 'nobody'}; nothing changed.`, { code: 'activation_conflict' });
    }
  }

  /**
   * `/remotes.json` for one browser: the live registry, each canary for the browsers in its share, and the
   * caller's valid staff pins. `tokens`: a load token (docs/decisions/029) per remote served at a stored
   * version, bound to that version and this browser's id, which the shell's beacon sends back; entries
   * served from a build folder or by REMOTES_JSON get none. `setCookie` is the browser id cookie to set
   * when the browser had none (a new id whenever a canary or a token needs one).
   */
  async registryFor(cookieHeader: string | undefined, secure: boolean): Promise<{ registry: Record<string, string>; tokens: Record<string, string>; setCookie?: string }> {
    const registry = await this.registry.registry();
    const cookies = readCookies(cookieHeader);
    const rows = await this.db.getRepository(RemoteLiveEntity).find();
    let setCookie: string | undefined;
    let id = /^[A-Za-z0-9_-]{16,64}$/.test(cookies[BROWSER_COOKIE] ?? '') ? cookies[BROWSER_COOKIE]! : '';
    const browserId = () => {
      if (!id) {
        id = randomBytes(16).toString('base64url');
        setCookie = `${BROWSER_COOKIE}=${id}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
      }
      return id;
    };
    /** remote → the stored version this browser is served (what its load token names). */
    const served: Record<string, string> = {};
    for (const row of rows) {
      if (row.remote in this.config.remotesOverride) continue;
      served[row.remote] = row.version;
      if (!row.canary_manifest_url || !row.canary_version || row.canary_percent === null) continue;
      if (canaryBucket(browserId(), row.remote) < row.canary_percent) {
        registry[row.remote] = row.canary_manifest_url;
        served[row.remote] = row.canary_version;
      }
    }
    for (const row of await this.pinnedVersions(cookies[PIN_COOKIE])) {
      registry[row.remote] = row.manifest_url;
      served[row.remote] = row.version;
    }
    const tokens: Record<string, string> = {};
    for (const [remote, version] of Object.entries(served)) tokens[remote] = this.loadTokens.issue(remote, version, browserId());
    return { registry, tokens, setCookie };
  }

  /**
   * Absolute origins (`https://host:port`) of the manifests the browser with `cookieHeader` is served:
   * the live registry's and every canary's (liveOrigins), plus those of its own valid staff pins, so its
   * document's CSP covers what its `/remotes.json` names (docs/decisions/029, issue 34 §7).
   */
  async originsFor(cookieHeader: string | undefined): Promise<string[]> {
    const origins = new Set(await this.registry.liveOrigins());
    for (const row of await this.pinnedVersions(readCookies(cookieHeader)[PIN_COOKIE])) {
      if (/^https?:\/\//i.test(row.manifest_url)) origins.add(new URL(row.manifest_url).origin);
    }
    return [...origins];
  }

  /** The stored, unpruned versions a pin cookie value names (none for a forged or altered cookie). */
  private async pinnedVersions(cookie: string | undefined): Promise<RemoteVersionEntity[]> {
    const out: RemoteVersionEntity[] = [];
    for (const [remote, version] of Object.entries(this.readPins(cookie))) {
      const row = await this.db.getRepository(RemoteVersionEntity).findOneBy({ remote, version, pruned_at: IsNull() });
      if (row) out.push(row);
    }
    return out;
  }

  /**
   * The Set-Cookie header pinning this browser's `remote` to stored `version` (null: unpin), keeping its
   * other pins (`cookieHeader`). 404 for an unknown or pruned version.
   */
  async pinCookie(cookieHeader: string | undefined, remote: string, version: string | null, secure: boolean): Promise<string> {
    const name = remoteName(remote);
    const pins = this.readPins(readCookies(cookieHeader)[PIN_COOKIE]);
    if (version === null) delete pins[name];
    else {
      const row = await this.db.getRepository(RemoteVersionEntity).findOneBy({ remote: name, version, pruned_at: IsNull() });
      if (!row) throw new DomainError(404, `${name} has no stored version ${version} (see remote list).`, { code: 'unknown_version' });
      pins[name] = version;
    }
    const payload = Buffer.from(JSON.stringify(pins)).toString('base64url');
    const value = Object.keys(pins).length ? `${payload}.${this.sign(payload)}` : '';
    return `${PIN_COOKIE}=${value}; Path=/; Max-Age=${value ? 7 * 24 * 3600 : 0}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`remote-pins:${payload}`).digest('base64url');
  }

  /** The pins of a cookie value whose signature is valid; {} otherwise (a forged or old cookie pins nothing). */
  private readPins(value: string | undefined): Record<string, string> {
    const [payload, signature] = (value ?? '').split('.');
    if (!payload || !signature) return {};
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return {};
    try {
      const pins = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      if (!pins || typeof pins !== 'object' || Array.isArray(pins)) return {};
      return Object.fromEntries(Object.entries(pins).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {};
    }
  }
}
