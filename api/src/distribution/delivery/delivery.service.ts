import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, LessThanOrEqual, Repository } from 'typeorm';
import { DELIVERY_MESSAGES as M, STORE_LOOP_MESSAGES as SM, fillMessage, type DeliveryFeed, type DeliveryProtocol, type DeliveryRow, type DeliveryTargetRow } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { distributionSettings } from '../distribution.settings';
import { DomainError } from '../../common/domain-error';
import { AuditService, type Actor } from '../../audit/audit.service';
import { ReleasesService } from '../../releases/release-info/releases.service';
import { FileStorage } from '../../storage/file-storage';
import { DdexService } from '../ddex/ddex.service';
import { JobsService } from '../../jobs/jobs.service';
import { DistributionJobs } from '../distribution-jobs';
import { CredentialBox } from './credentials';
import { keyringFromConfig } from '../../sealing/sealing.config';
import { DeliveryAttemptEntity, DeliveryEntity, DeliveryTargetEntity } from './delivery.entities';
import { s3Deliver } from './s3-transport';
import { sftpDeliver } from './sftp-transport';
import { inSpan } from '../../observability/tracing';
import { observe } from '../../observability/metrics';
import { storeStateOf, targetFolder } from '../store-status/store-state';

/** Data of the delivery job: the delivery row to send (its kind and store are on the row). */
export type DeliveryJob = { delivery_id: number };
/** The JobsService job that sends one delivery row's batch (idempotent: claims the row first). */
export const DELIVERY_JOB = 'distribution.deliver';
declare module '../../jobs/job-map' {
  interface JobMap {
    'distribution.deliver': { data: DeliveryJob; result: Record<string, never> };
    'distribution.poll': { data: Record<string, never>; result: Record<string, never> };
  }
}
export type TargetInput = {
  target_id?: number;
  store: string;
  dpid: string;
  protocol: DeliveryProtocol;
  host: string;
  port: number;
  path: string;
  username: string;
  password: string;
  private_key: string;
  enabled: boolean;
  /** Omitted on a change: the target keeps its feed (a new one starts on `test`). */
  feed?: DeliveryFeed;
  test_path?: string;
  ack_path?: string;
  link_template?: string;
};

/** Batch id of the DDEX choreography: UTC date-time to the millisecond, `YYYYMMDDhhmmssSSS`. */
export const batchIdOf = (d: Date): string => d.toISOString().replace(/[-:TZ.]/g, '');

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
/** The repeatable job that queues the due deliveries (also those queued by the CLI or a web-only instance). */
export const DELIVERY_POLL_JOB = 'distribution.poll';
/** How often the deployment looks for queued deliveries. */
const POLL_MS = 5000;
/** A delivery `delivering` for longer than this was left by a process that stopped: queued again. */
const STALE_MS = 15 * 60_000;

/**
 * Delivery of releases to stores (docs/decisions/020). Admins configure one target per store (SFTP or an S3-compatible bucket;
 * credentials sealed with AES-256-GCM). On approval every enabled target gets a delivery row and a
 * `delivery` job; on takedown (all stores) or a per-store takedown the delivered rows get a takedown
 * job. The job builds and validates the store's ERN (DdexService) and uploads the batch in the
 * release-by-release shape, BatchComplete last; each attempt is logged, failures are retried with
 * exponential backoff (DELIVERY_ATTEMPTS, DELIVERY_BACKOFF_MS) and then shown as failed with the
 * error, where staff can queue them again. Statuses: queued, delivering, delivered, failed, taken_down.
 */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger(DeliveryService.name);
  private readonly queueJobs: DistributionJobs;
  private readonly box: CredentialBox;
  /** Whether this process runs jobs (RUN_JOBS); the CLI and web-only instances only queue rows, a runner's poll sends them. */
  private readonly worker: boolean;

  constructor(
    @InjectRepository(DeliveryTargetEntity) private readonly targets: Repository<DeliveryTargetEntity>,
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @InjectRepository(DeliveryAttemptEntity) private readonly attemptLog: Repository<DeliveryAttemptEntity>,
    private readonly ddex: DdexService,
    private readonly releases: ReleasesService,
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    jobs: JobsService,
  ) {
    // One attempt per job: the row counts attempts, and a failed one queues the next with its backoff.
    jobs.register(DELIVERY_JOB, async (data: DeliveryJob) => {
      await this.runDelivery(data);
      return {};
    }, { attempts: 1, concurrency: 2 });
    // Runners run queued deliveries, also those queued by another process (the CLI's `review`, a web-only
    // instance), by looking for due `queued` rows every POLL_MS (once per deployment with Redis) and at
    // start. Claiming a row is a conditional update, so two processes never send the same batch at once;
    // a row left `delivering` by a process that died is queued again after STALE_MS.
    jobs.register(DELIVERY_POLL_JOB, async () => {
      await this.poll();
      return {};
    });
    jobs.repeat(DELIVERY_POLL_JOB, POLL_MS, {}, { atStart: true });
    this.worker = jobs.runsJobs;
    this.queueJobs = new DistributionJobs(jobs, this.logger);
    this.box = new CredentialBox(keyringFromConfig(config.sealing));
  }

  /** Resolves once the delivery jobs this process queued (retries included) have ended (in-process jobs; tests). */
  drain(): Promise<void> {
    return this.queueJobs.drain();
  }

  /** Queue the due rows this process does not run yet. */
  async poll(now = new Date()): Promise<void> {
    await this.deliveries.update({ status: 'delivering', updated_at: LessThan(new Date(now.getTime() - STALE_MS)) }, { status: 'queued', not_before: null });
    const due = await this.deliveries.find({ select: { id: true, attempts: true, updated_at: true }, where: [{ status: 'queued', not_before: IsNull() }, { status: 'queued', not_before: LessThanOrEqual(now) }] });
    for (const d of due) await this.start(d);
  }

  /**
   * Queue the job of a queued row (`delayMs` later). Its id names the row's state (id, attempts made,
   * last change), so the poller of every instance and the retry scheduled by a failed attempt add one
   * job for one state; the job itself claims the row, so a duplicate does nothing.
   */
  private async start(row: Pick<DeliveryEntity, 'id' | 'attempts' | 'updated_at'>, delayMs = 0): Promise<void> {
    if (!this.worker) return;
    const jobId = `delivery-${row.id}-${row.attempts}-${new Date(row.updated_at).getTime()}`;
    await this.queueJobs.add(DELIVERY_JOB, { delivery_id: row.id } satisfies DeliveryJob, { jobId, delayMs });
  }

  /** GET ops/delivery-targets: every target, credentials left out (only whether each is set). */
  async listTargets(): Promise<DeliveryTargetRow[]> {
    return (await this.targets.find({ order: { store: 'ASC' } })).map((t) => this.targetRow(t));
  }

  /**
   * POST ops/delivery-targets/save: create (no `target_id`) or change a store's target. A new target
   * needs a password or a private key; on a change an empty one keeps the stored secret. Audited
   * without secrets. Errors: 400 secretRequired, 404 targetNotFound, 409 when the store already has one.
   */
  async saveTarget(dto: TargetInput, actor: Actor): Promise<DeliveryTargetRow> {
    const existing = dto.target_id ? await this.targets.findOne({ where: { id: dto.target_id } }) : null;
    if (dto.target_id && !existing) throw DomainError.notFound(M.targetNotFound);
    const other = await this.targets.findOne({ where: { store: dto.store } });
    if (other && other.id !== existing?.id) throw DomainError.conflict(`${dto.store} already has a delivery target.`, 'target_exists');
    const old = existing ? this.box.open(existing.secret) : {};
    const secret = { password: dto.password || old.password, private_key: dto.private_key || old.private_key };
    if (!secret.password && !secret.private_key) throw DomainError.badRequest(M.secretRequired);
    if (dto.protocol === 's3' && !secret.password) throw DomainError.badRequest(M.s3SecretRequired);
    const row = {
      store: dto.store,
      dpid: dto.dpid,
      protocol: dto.protocol,
      host: dto.host,
      port: dto.port,
      path: dto.path,
      username: dto.username,
      secret: this.box.seal(secret),
      enabled: dto.enabled,
      feed: dto.feed ?? existing?.feed ?? ('test' as const),
      test_path: dto.test_path ?? existing?.test_path ?? '',
      ack_path: dto.ack_path ?? existing?.ack_path ?? '',
      link_template: dto.link_template ?? existing?.link_template ?? '',
      updated_at: new Date(),
    };
    let saved: DeliveryTargetEntity;
    if (existing) {
      await this.targets.update({ id: existing.id }, row);
      saved = (await this.targets.findOneByOrFail({ id: existing.id }))!;
    } else {
      saved = await this.targets.save(this.targets.create(row));
    }
    const after = this.targetRow(saved);
    await this.audit.record(actor, 'delivery_target.save', 'delivery_target', saved.id, existing ? this.targetRow(existing) : null, after);
    // A switch of feed is audited on its own too, so it stands out in the log (issue 39 §5).
    if (existing && existing.feed !== saved.feed) await this.audit.record(actor, 'delivery_target.feed', 'delivery_target', saved.id, { store: saved.store, feed: existing.feed }, { store: saved.store, feed: saved.feed });
    return after;
  }

  /** POST ops/delivery-targets/feed: switch a target between its test and live feed (audited). Errors: 404. */
  async setFeed(targetId: number, feed: DeliveryFeed, actor: Actor): Promise<{ target_id: number; store: string; feed: DeliveryFeed }> {
    const target = await this.targets.findOne({ where: { id: targetId } });
    if (!target) throw DomainError.notFound(M.targetNotFound);
    if (target.feed !== feed) {
      await this.targets.update({ id: targetId }, { feed, updated_at: new Date() });
      await this.audit.record(actor, 'delivery_target.feed', 'delivery_target', targetId, { store: target.store, feed: target.feed }, { store: target.store, feed });
    }
    return { target_id: targetId, store: target.store, feed };
  }

  /**
   * The stores where a release is Live for the artist, with the store's link (issue 39 §2, §4): rows whose
   * store state is `live` on a live feed (a test feed's acknowledgements never make a release Live), not
   * taken down, with a link (set by staff, or made from the target's template). Ordered by store name.
   */
  async liveStoreLinks(releaseId: number): Promise<Array<{ store: string; url: string }>> {
    const rows = await this.deliveries.find({ select: { store: true, live_url: true, kind: true, status: true, store_state: true, feed: true }, where: { release_id: releaseId, store_state: 'live', feed: 'live' }, order: { store: 'ASC' } });
    return rows.filter((r) => r.kind !== 'takedown' && r.status !== 'taken_down' && r.live_url).map((r) => ({ store: r.store, url: r.live_url }));
  }

  /**
   * An approved release changed after delivery (issue 39 §3): the complete NewReleaseMessage again (same
   * identifiers, a newer MessageCreatedDateTime) to every store that has it (delivered, ingested or live,
   * not taken down), through the same delivery and acknowledgement cycle. Answers the stores queued.
   * Errors: 404; 409 notApprovedForUpdate, nothingToUpdate.
   */
  async releaseUpdated(releaseId: number, actor: Actor): Promise<string[]> {
    const { release } = await this.releases.readAny(releaseId);
    if (release.status !== 'approved') throw DomainError.conflict(SM.notApprovedForUpdate, 'not_approved');
    const rows = (await this.deliveries.find({ where: { release_id: releaseId } })).filter((r) => r.kind !== 'takedown' && r.status !== 'taken_down' && (r.status === 'delivered' || r.store_state !== ''));
    if (!rows.length) throw DomainError.conflict(SM.nothingToUpdate, 'not_delivered');
    const stores: string[] = [];
    for (const row of rows) {
      const target = await this.targets.findOne({ where: { id: row.target_id } });
      if (!target) continue;
      await this.queue(releaseId, target, 'update');
      stores.push(row.store);
    }
    await this.audit.record(actor, 'release.send_update', 'release', releaseId, null, { stores });
    return stores;
  }

  /**
   * A change of the release staff approved (issue 39 §3; ReleaseChangesService, called by the console's
   * review after the approval commits): the complete NewReleaseMessage again, as a delivery of kind
   * `update`, to every store that has the release (delivered once, or answered), once per change. Each
   * store's row is claimed with an update conditional on the change it last carried and its state, so
   * handling one change twice (a retry, two instances) queues one update per store; a later change
   * already sent covers an earlier one. A row still queued is built when sent, so it carries the change
   * as it is; a row being sent is queued again (its running attempt no longer finishes it, runDelivery).
   * A store that has not had the release yet gets it, changed, with its first delivery. Answers the
   * stores that get the change, [] when none has the release; audited as `release.send_update`.
   */
  async changeApproved(releaseId: number, changeId: number, actor: Actor): Promise<string[]> {
    const stores: string[] = [];
    for (const first of await this.deliveries.find({ where: { release_id: releaseId }, order: { store: 'ASC' } })) {
      let row: DeliveryEntity | null = first;
      // A row that changed between the read and the claim (a runner took it) is read again.
      for (let tries = 0; row && tries < 5; tries++) {
        const has = row.status === 'delivered' || row.status === 'delivering' || row.store_state !== '' || row.kind === 'update' || row.delivered_at !== null;
        if (row.kind === 'takedown' || row.status === 'taken_down' || !has || (row.change_id !== null && row.change_id >= changeId)) break;
        const resend = row.status !== 'queued';
        const now = new Date();
        const values = resend
          ? {
              change_id: changeId,
              kind: row.kind === 'release' && row.status === 'delivering' ? row.kind : ('update' as const),
              status: 'queued' as const,
              attempts: 0,
              last_error: '',
              not_before: null,
              updated_at: now,
              // As a queued update: a refusal is answered afresh, any other word of the store stands.
              ...(row.store_state === 'refused' ? { store_state: '' as const, store_status: '', state_reason: '', ack_id: null, state_at: null } : {}),
            }
          : { change_id: changeId };
        const claim = await this.deliveries.update({ id: row.id, status: row.status, change_id: row.change_id === null ? IsNull() : row.change_id }, values);
        if (claim.affected) {
          stores.push(row.store);
          if (resend) await this.start({ id: row.id, attempts: 0, updated_at: now });
          break;
        }
        row = await this.deliveries.findOne({ where: { id: row.id } });
      }
    }
    if (stores.length) await this.audit.record(actor, 'release.send_update', 'release', releaseId, null, { stores, change_id: changeId });
    return stores;
  }

  /**
   * POST ops/deliveries/redeliver: send the release again to a store that refused it (or to which every
   * attempt failed), as a new complete message; the refusal is kept in the acknowledgement log (audited).
   * Errors: 404; 409 notRefused.
   */
  async redeliver(deliveryId: number, actor: Actor): Promise<{ delivery_id: number; store: string }> {
    const row = await this.deliveries.findOne({ where: { id: deliveryId } });
    if (!row) throw DomainError.notFound(M.deliveryNotFound);
    if (row.kind === 'takedown' || !(row.store_state === 'refused' || row.status === 'failed')) throw DomainError.conflict(SM.notRefused, 'not_refused');
    const target = await this.targets.findOne({ where: { id: row.target_id } });
    if (!target) throw DomainError.notFound(M.targetNotFound);
    await this.queue(row.release_id, target, 'release');
    await this.audit.record(actor, 'delivery.redeliver', 'delivery', deliveryId, { store: row.store, status: row.status, store_state: row.store_state, reason: row.state_reason }, { status: 'queued' });
    return { delivery_id: deliveryId, store: row.store };
  }

  /**
   * POST ops/deliveries/link: staff set the release's link at a store; on a live feed the store is then
   * Live for the artist (issue 39 §2). Audited. Errors: 404; 409 notDeliveredForLink (never delivered, or taken down).
   */
  async setStoreLink(deliveryId: number, url: string, actor: Actor): Promise<{ row: DeliveryEntity; wentLive: boolean }> {
    const row = await this.deliveries.findOne({ where: { id: deliveryId } });
    if (!row) throw DomainError.notFound(M.deliveryNotFound);
    if (row.kind === 'takedown' || row.status === 'taken_down' || !(row.status === 'delivered' || row.store_state)) throw DomainError.conflict(fillMessage(SM.notDeliveredForLink, { store: row.store }), 'not_delivered');
    const live = row.feed === 'live';
    const now = new Date();
    await this.deliveries.update({ id: row.id }, { live_url: url, ...(live ? { store_state: 'live' as const, state_at: row.store_state === 'live' ? row.state_at : now } : {}) });
    await this.audit.record(actor, 'delivery.store_link', 'delivery', row.id, { store: row.store, url: row.live_url, store_state: row.store_state }, { store: row.store, url, store_state: live ? 'live' : row.store_state });
    return { row: (await this.deliveries.findOneByOrFail({ id: row.id }))!, wentLive: live && row.store_state !== 'live' };
  }

  /** After approval: a `release` delivery to every enabled target (an existing row is reset and sent again). */
  async releaseApproved(releaseId: number): Promise<void> {
    for (const target of await this.targets.find({ where: { enabled: true } })) await this.queue(releaseId, target, 'release');
  }

  /** After a takedown from all stores: the takedown message to every store it was sent to. */
  async releaseTakenDown(releaseId: number): Promise<void> {
    const rows = await this.deliveries.find({ where: { release_id: releaseId } });
    for (const row of rows) {
      const target = await this.targets.findOne({ where: { id: row.target_id } });
      if (target) await this.queue(releaseId, target, 'takedown');
    }
  }

  /** POST ops/deliveries/takedown: take a delivered release down from one store (audited). Errors: 404, 409 notDelivered. */
  async takedownStore(releaseId: number, store: string, actor: Actor): Promise<DeliveryRow> {
    await this.releases.readAny(releaseId);
    const row = await this.deliveries.findOne({ where: { release_id: releaseId, store } });
    if (!row || row.kind === 'takedown' || row.status !== 'delivered') throw DomainError.conflict(fillMessage(M.notDelivered, { store }), 'not_delivered');
    const target = await this.targets.findOne({ where: { id: row.target_id } });
    if (!target) throw DomainError.notFound(M.targetNotFound);
    const queued = await this.queue(releaseId, target, 'takedown');
    await this.audit.record(actor, 'release.takedown_store', 'release', releaseId, { store, status: row.status }, { store, status: 'queued', kind: 'takedown' });
    return this.row(queued, true);
  }

  /** POST ops/deliveries/retry: a failed delivery queued again (audited). Errors: 404, 409 notFailed. */
  async retry(deliveryId: number, actor: Actor): Promise<DeliveryRow> {
    const row = await this.deliveries.findOne({ where: { id: deliveryId } });
    if (!row) throw DomainError.notFound(M.deliveryNotFound);
    const res = await this.deliveries.update({ id: deliveryId, status: 'failed' }, { status: 'queued', attempts: 0, last_error: '', not_before: null, updated_at: new Date() });
    if (!res.affected) throw DomainError.conflict(M.notFailed, 'not_failed');
    await this.audit.record(actor, 'delivery.retry', 'delivery', deliveryId, { status: 'failed', error: row.last_error }, { status: 'queued' });
    const queued = (await this.deliveries.findOneByOrFail({ id: deliveryId }))!;
    await this.start(queued);
    return this.row(queued, true);
  }

  /** The deliveries of a release, by store (`staff` adds attempts and the last error). */
  async forRelease(releaseId: number, staff: boolean): Promise<DeliveryRow[]> {
    return (await this.deliveries.find({ where: { release_id: releaseId }, order: { store: 'ASC' } })).map((d) => this.row(d, staff));
  }

  /** GET getDeliveries: the caller's release's deliveries. Errors: 404 (not the caller's). */
  async forOwner(userId: number, releaseId: number): Promise<DeliveryRow[]> {
    await this.releases.findOwned(userId, releaseId);
    return this.forRelease(releaseId, false);
  }

  /** Every logged attempt of a delivery, oldest first. */
  attemptsOf(deliveryId: number): Promise<DeliveryAttemptEntity[]> {
    return this.attemptLog.find({ where: { delivery_id: deliveryId }, order: { id: 'ASC' } });
  }

  /**
   * The delivery job (idempotent: a row no longer queued/delivering is left alone). Builds the store's
   * message, uploads the batch and records the attempt. A failure before the last attempt puts the row
   * back to `queued` with `not_before` = now + DELIVERY_BACKOFF_MS × 2^(attempt-1) and queues the next
   * attempt's job with that delay; the last one marks it `failed`. Never throws for a failed delivery.
   */
  async runDelivery({ delivery_id }: DeliveryJob): Promise<void> {
    const row = await this.deliveries.findOne({ where: { id: delivery_id } });
    if (!row || row.status !== 'queued') return;
    const attempt = row.attempts + 1;
    const started = new Date();
    const batchId = batchIdOf(started);
    const claim = await this.deliveries.update({ id: row.id, status: 'queued' }, { status: 'delivering', attempts: attempt, batch_id: batchId, not_before: null, updated_at: started });
    if (!claim.affected) return; // another process took it
    try {
      const target = await this.targets.findOne({ where: { id: row.target_id } });
      if (!target) throw new Error('the delivery target was removed');
      const feed: DeliveryFeed = target.feed === 'live' ? 'live' : 'test';
      const message = await this.ddex.message(row.release_id, row.store, { now: started, takedown: row.kind === 'takedown', recipientDpid: target.dpid, control: feed === 'live' ? 'LiveMessage' : 'TestMessage' });
      // Recorded before the upload: an acknowledgement may come as soon as BatchComplete is written.
      await this.deliveries.update({ id: row.id }, { message_id: message.messageId, icpn: message.icpn, feed });
      const upc = message.filename.replace(/\.xml$/, '');
      // A takedown message carries no resources: the store already has them (release-by-release shape).
      const resources = row.kind === 'takedown' ? [] : message.files.map((f) => ({ path: `${upc}/${f.uri}`, open: () => this.storage.open(f.storage_key) }));
      const files = [...resources, { path: `${upc}/${message.filename}`, open: async () => Buffer.from(message.xml, 'utf8') }];
      const where = { host: target.host, port: target.port, username: target.username, path: targetFolder(target), credentials: this.box.open(target.secret) };
      await inSpan('delivery.upload', { 'portal.store': row.store, 'portal.delivery.protocol': target.protocol, 'portal.delivery.files': files.length }, () => (target.protocol === 's3' ? s3Deliver : sftpDeliver)(where, batchId, files, batchComplete(batchId, upc)));
      const done = new Date();
      // Conditional on this attempt's claim: a row queued again meanwhile (a change approved while it was
      // being sent, changeApproved) stays queued, so the store gets the changed release too.
      const mine = { id: row.id, status: 'delivering' as const, batch_id: batchId };
      await this.deliveries.update(mine, { status: row.kind === 'takedown' ? 'taken_down' : 'delivered', delivered_at: done, last_error: '', updated_at: done, ...(row.kind === 'takedown' ? { store_state: '' as const, live_url: '' } : {}) });
      await this.attemptLog.insert({ delivery_id: row.id, attempt, batch_id: batchId, ok: true, error: '', started_at: started, finished_at: done, message_id: message.messageId });
      this.logger.log({ msg: 'delivered', release_id: row.release_id, store: row.store, kind: row.kind, batch_id: batchId, attempt });
      observe.delivery(row.store, 'delivered');
    } catch (e) {
      const error = describeError(e).slice(0, 1000);
      const last = attempt >= distributionSettings.of(this.config).delivery.attempts;
      await this.attemptLog.insert({ delivery_id: row.id, attempt, batch_id: batchId, ok: false, error, started_at: started, finished_at: new Date() });
      const backoff = distributionSettings.of(this.config).delivery.backoffMs * 2 ** (attempt - 1);
      const failedAt = new Date();
      const res = await this.deliveries.update({ id: row.id, status: 'delivering', batch_id: batchId }, { status: last ? 'failed' : 'queued', last_error: error, not_before: last ? null : new Date(failedAt.getTime() + backoff), updated_at: failedAt });
      this.logger.warn({ msg: 'delivery attempt failed', release_id: row.release_id, store: row.store, attempt, last, err: error });
      observe.delivery(row.store, last ? 'failed' : 'retrying');
      if (!last && res.affected) await this.start({ id: row.id, attempts: attempt, updated_at: failedAt }, backoff);
    }
  }

  /** Create or reset the (release, store) row to a queued delivery of `kind`, and queue its job. */
  private async queue(releaseId: number, target: DeliveryTargetEntity, kind: DeliveryEntity['kind']): Promise<DeliveryEntity> {
    const existing = await this.deliveries.findOne({ where: { release_id: releaseId, store: target.store } });
    // A new release message (approval, redelivery) starts the store's answer afresh; an update keeps what
    // the store said (ingested, live) unless it had refused; a takedown keeps it until taken down.
    const fresh = kind === 'release' || (kind === 'update' && existing?.store_state === 'refused');
    const values = {
      target_id: target.id,
      kind,
      status: 'queued' as const,
      attempts: 0,
      last_error: '',
      not_before: null,
      updated_at: new Date(),
      ...(fresh ? { store_state: '' as const, store_status: '', state_reason: '', ack_id: null, state_at: null, ...(kind === 'release' ? { live_url: '' } : {}) } : {}),
    };
    let row: DeliveryEntity;
    if (existing) {
      await this.deliveries.update({ id: existing.id }, values);
      row = (await this.deliveries.findOneByOrFail({ id: existing.id }))!;
    } else {
      row = await this.deliveries.save(this.deliveries.create({ ...values, release_id: releaseId, store: target.store, batch_id: '', delivered_at: null }));
    }
    await this.start(row);
    return row;
  }

  private row(d: DeliveryEntity, staff: boolean): DeliveryRow {
    const base: DeliveryRow = { delivery_id: d.id, store: d.store, kind: d.kind, status: d.status, batch_id: d.batch_id, delivered_at: iso(d.delivered_at), updated_at: iso(d.updated_at)!, state: storeStateOf(d), feed: d.feed === 'live' ? 'live' : 'test' };
    return staff ? { ...base, attempts: d.attempts, last_error: d.last_error, message_id: d.message_id, store_status: d.store_status, reason: d.state_reason, link: d.live_url || null } : base;
  }

  private targetRow(t: DeliveryTargetEntity): DeliveryTargetRow {
    let secret: { password?: string; private_key?: string } = {};
    try {
      secret = this.box.open(t.secret);
    } catch {
      // Sealed under another key: shown as unset, so an admin enters it again.
    }
    return { target_id: t.id, store: t.store, dpid: t.dpid, protocol: t.protocol, host: t.host, port: t.port, path: t.path, username: t.username, has_password: !!secret.password, has_private_key: !!secret.private_key, enabled: !!t.enabled, feed: t.feed === 'live' ? 'live' : 'test', test_path: t.test_path ?? '', ack_path: t.ack_path ?? '', link_template: t.link_template ?? '' };
  }
}

/** The BatchComplete file of the release-by-release choreography: written last, names the batch and its release folder. */
function batchComplete(batchId: string, upc: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<BatchComplete>\n  <BatchId>${batchId}</BatchId>\n  <Release>${upc}/${upc}.xml</Release>\n</BatchComplete>\n`, 'utf8');
}

function describeError(e: unknown): string {
  const err = e as { message?: string; extra?: { errors?: string[] } };
  return [err.message ?? String(e), ...(err.extra?.errors ?? []).slice(0, 3)].join(' ');
}
