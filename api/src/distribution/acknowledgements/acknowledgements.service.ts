import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import {
  ACK_MAX_BYTES,
  STORE_LOOP_MESSAGES as SM,
  STORE_LOOP_UI as UI,
  fillMessage,
  type AckEntryRow,
  type AckOutcome,
  type AckPollResult,
  type AckRow,
  type DeliveryFeed,
} from '@portal/contracts';
import { APP_CONFIG, defaultPortalUrl, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../../jobs/jobs.service';
import { MailService } from '../../mail/mail.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { ReleasesService } from '../../releases/release-info/releases.service';
import { UsersService } from '../../users/users.service';
import { keyringFromConfig } from '../../sealing/sealing.config';
import { CredentialBox } from '../delivery/credentials';
import { DeliveryAckEntity, DeliveryAckEntryEntity, DeliveryEntity, DeliveryTargetEntity } from '../delivery/delivery.entities';
import { distributionSettings } from '../distribution.settings';
import { ackFolder, fillLinkTemplate } from '../store-status/store-state';
import { MalformedAckError, parseAck, refusalWords, type AckEntry } from './ack-parser';
import { openAckFolder } from './ack-transport';
import { metricSources, observe } from '../../observability/metrics';

/** The repeatable job that reads every target's acknowledgements and makes ingested releases Live on their date. */
export const ACK_POLL_JOB = 'distribution.acks';
declare module '../../jobs/job-map' {
  interface JobMap {
    'distribution.acks': { data: Record<string, never>; result: AckPollResult };
  }
}

/** What applying one entry did to a delivery, for the notifications sent after the commit. */
type Applied = { delivery: DeliveryEntity; outcome: AckOutcome; reason: string };

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string };
  const code = err.driverError?.code ?? err.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT') || /UNIQUE constraint failed|Duplicate entry/i.test(err.message ?? '');
};

/**
 * Acknowledgements from the stores (issue 39 §1, docs/decisions/041): a job (DELIVERY_ACK_POLL_MS, default
 * 5 min; once per deployment with Redis) and `deliveries poll-acks` read every enabled target's
 * acknowledgements folder (SFTP or S3, `<folder>/acknowledgements/*.xml` unless the target names one).
 * Each file is parsed strictly (ack-parser), matched to our delivery by MessageId and ICPN, and applied
 * once: the row of the file (unique per target and SHA-256) is inserted in the same transaction that
 * changes the deliveries, so a file polled again, or by two instances at once, is applied by one of them;
 * then it is moved to `processed/`. The raw text is kept. A malformed or unmatched file, or a status we
 * do not know, is recorded for staff (never success) and the poller goes on. After the reading, ingested
 * releases on a live feed whose release date has passed become Live (the link made from the target's
 * template unless staff set one). The artist gets a bell and an e-mail when a store refuses and when the
 * first store goes live.
 */
@Injectable()
export class AcknowledgementsService {
  private readonly logger = new Logger(AcknowledgementsService.name);
  private readonly box: CredentialBox;

  constructor(
    @InjectRepository(DeliveryTargetEntity) private readonly targets: Repository<DeliveryTargetEntity>,
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @InjectRepository(DeliveryAckEntity) private readonly acks: Repository<DeliveryAckEntity>,
    @InjectRepository(DeliveryAckEntryEntity) private readonly entries: Repository<DeliveryAckEntryEntity>,
    private readonly transactions: Transactions,
    private readonly releases: ReleasesService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    jobs: JobsService,
  ) {
    this.box = new CredentialBox(keyringFromConfig(config.sealing));
    jobs.register(ACK_POLL_JOB, () => this.poll(), { attempts: 1 });
    jobs.repeat(ACK_POLL_JOB, distributionSettings.of(config).ackPollMs, {});
    // The "acknowledgement overdue" alert's gauge (docs/decisions/038): the oldest batch a store has not answered yet.
    metricSources.oldestPendingDelivery = async () => {
      const oldest = await this.deliveries.findOne({ where: { status: 'delivered', store_state: '' }, order: { delivered_at: 'ASC' } });
      return oldest?.delivered_at ? Math.max(0, (Date.now() - new Date(oldest.delivered_at).getTime()) / 1000) : 0;
    };
  }

  /**
   * Read the acknowledgements of every enabled target (or of `store` only), apply the new ones, then make
   * due releases Live. A target that cannot be reached is logged and skipped. Never throws for a file.
   */
  async poll(store?: string, now = new Date()): Promise<AckPollResult> {
    const result: AckPollResult = { targets: 0, files: 0, applied: 0, problems: 0, skipped: 0 };
    const targets = await this.targets.find({ where: store ? { store, enabled: true } : { enabled: true }, order: { store: 'ASC' } });
    for (const target of targets) {
      result.targets++;
      try {
        await this.pollTarget(target, result);
      } catch (e) {
        this.logger.warn({ msg: 'could not read acknowledgements', store: target.store, err: (e as Error).message });
      }
    }
    await this.goLive(now);
    return result;
  }

  private async pollTarget(target: DeliveryTargetEntity, result: AckPollResult): Promise<void> {
    const folder = await openAckFolder({ protocol: target.protocol, host: target.host, port: target.port, username: target.username, folder: ackFolder(target), credentials: this.box.open(target.secret) });
    try {
      for (const name of await folder.list()) {
        result.files++;
        let bytes: Buffer;
        try {
          bytes = await folder.read(name);
        } catch (e) {
          // Moved by another instance between the listing and the read.
          this.logger.debug?.({ msg: 'acknowledgement gone before it was read', store: target.store, file: name, err: (e as Error).message });
          result.skipped++;
          continue;
        }
        const checksum = createHash('sha256').update(bytes).digest('hex');
        const seen = await this.acks.findOne({ select: { id: true }, where: { target_id: target.id, checksum } });
        if (!seen) {
          const outcome = await this.record(target, name, bytes, checksum);
          if (outcome === null) result.skipped++;
          else if (outcome === 'applied') result.applied++;
          else result.problems++;
        } else {
          result.skipped++;
        }
        await folder.markProcessed(name).catch((e: Error) => this.logger.warn({ msg: 'could not move an acknowledgement to processed/', store: target.store, file: name, err: e.message }));
      }
    } finally {
      await folder.close();
    }
  }

  /**
   * Parse, match and apply one file in one transaction with its row (the claim). Answers the file's
   * outcome, or null when another poller recorded it first.
   */
  private async record(target: DeliveryTargetEntity, name: string, bytes: Buffer, checksum: string): Promise<AckRow['outcome'] | null> {
    const feed: DeliveryFeed = target.feed === 'live' ? 'live' : 'test';
    const tooBig = bytes.length > ACK_MAX_BYTES;
    const raw = bytes.subarray(0, ACK_MAX_BYTES).toString('utf8');
    let shape = '';
    let parsed: AckEntry[] = [];
    let problem = '';
    try {
      if (tooBig) throw new MalformedAckError(`larger than ${ACK_MAX_BYTES} bytes`);
      const ack = parseAck(raw);
      shape = ack.shape;
      parsed = ack.entries;
    } catch (e) {
      if (!(e instanceof MalformedAckError)) throw e;
      problem = e.message;
    }
    let applied: Applied[] = [];
    let outcome: AckRow['outcome'];
    const matched: Awaited<ReturnType<AcknowledgementsService['match']>>[] = [];
    if (!problem) for (const entry of parsed) matched.push(await this.match(target, entry));
    try {
      outcome = await this.transactions.run(async (m) => {
        const fileOutcome: AckRow['outcome'] = problem ? 'malformed' : (matched.find((x) => x.outcome !== 'ingested' && x.outcome !== 'refused')?.outcome ?? 'applied');
        const summary = problem || matched.map((x) => `${x.entry.releaseId || x.entry.messageId || x.entry.fileName || '?'}: ${x.outcome}${x.note ? ` (${x.note})` : ''}`).join('; ');
        const ack = await m.getRepository(DeliveryAckEntity).save(
          m.getRepository(DeliveryAckEntity).create({ target_id: target.id, store: target.store, feed, file_name: name.slice(0, 255), checksum, shape: (shape || 'unreadable').slice(0, 64), outcome: fileOutcome, summary: summary.slice(0, 1000), raw, received_at: new Date() }),
        );
        applied = [];
        for (const x of matched) {
          await m.getRepository(DeliveryAckEntryEntity).insert({
            ack_id: ack.id,
            delivery_id: x.delivery?.id ?? null,
            release_id: x.delivery?.release_id ?? null,
            message_id: x.entry.messageId.slice(0, 160),
            icpn: x.entry.releaseId.slice(0, 64),
            status: x.entry.status,
            outcome: x.outcome,
            reason: (x.outcome === 'refused' ? refusalWords(x.entry) : x.note || x.entry.storeText).slice(0, 1000),
          });
          if (!x.delivery || (x.outcome !== 'ingested' && x.outcome !== 'refused')) continue;
          const d = x.delivery;
          const reason = x.outcome === 'refused' ? refusalWords(x.entry) || UI.refusedNoReason : '';
          // Ingested keeps a Live store Live (an update acknowledged); a refusal is shown whatever came before.
          const state = x.outcome === 'refused' ? 'refused' : d.store_state === 'live' ? 'live' : 'ingested';
          await m.getRepository(DeliveryEntity).update({ id: d.id }, { store_state: state, store_status: x.entry.status, state_reason: reason.slice(0, 1000), ack_id: ack.id, state_at: new Date() });
          applied.push({ delivery: d, outcome: x.outcome, reason });
        }
        return fileOutcome;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return null; // another instance recorded this file first
      throw e;
    }
    this.logger.log({ msg: 'acknowledgement read', store: target.store, file: name, outcome, entries: parsed.length });
    // Acknowledgement lag (docs/decisions/038): from the batch reaching the store to the store's answer.
    for (const a of applied) if (a.delivery.delivered_at) observe.acknowledged(target.store, (Date.now() - new Date(a.delivery.delivered_at).getTime()) / 1000);
    for (const a of applied) if (a.outcome === 'refused' && a.delivery.feed === 'live') await this.tellRefused(a.delivery, a.reason);
    return outcome;
  }

  /**
   * Find the delivery an entry speaks of, at this target's store: by MessageId (the last message sent, or
   * an earlier attempt's: `stale`), then the ICPN must be the release's. The older shape without a
   * MessageId is matched by ICPN alone (and the batch folder in its file name, when there is one).
   */
  private async match(target: DeliveryTargetEntity, entry: AckEntry): Promise<{ entry: AckEntry; delivery: DeliveryEntity | null; outcome: AckOutcome; note: string }> {
    const icpnOk = (d: DeliveryEntity) => !entry.releaseId || entry.releaseIdType !== 'ICPN' || entry.releaseId === d.icpn;
    let delivery: DeliveryEntity | null = null;
    if (entry.messageId) {
      delivery = await this.deliveries.findOne({ where: { store: target.store, message_id: entry.messageId } });
      if (!delivery) {
        const older = await this.deliveries.manager
          .createQueryBuilder()
          .select('a.delivery_id', 'delivery_id')
          .from('delivery_attempts', 'a')
          .where('a.message_id = :id', { id: entry.messageId })
          .getRawOne<{ delivery_id: number }>();
        const d = older ? await this.deliveries.findOne({ where: { id: older.delivery_id, store: target.store } }) : null;
        if (d) return { entry, delivery: d, outcome: 'stale', note: 'acknowledges an earlier message; a newer one was sent since' };
        return { entry, delivery: null, outcome: 'unmatched', note: `no message ${entry.messageId} was sent to ${target.store}` };
      }
      if (!icpnOk(delivery)) return { entry, delivery: null, outcome: 'unmatched', note: `message ${entry.messageId} was for ICPN ${delivery.icpn}, not ${entry.releaseId}` };
    } else if (entry.releaseId && entry.releaseIdType === 'ICPN') {
      delivery = await this.deliveries.findOne({ where: { store: target.store, icpn: entry.releaseId } });
      if (!delivery) return { entry, delivery: null, outcome: 'unmatched', note: `no release with ICPN ${entry.releaseId} was sent to ${target.store}` };
      const batch = /(?:^|\/)(\d{17})\//.exec(entry.fileName)?.[1];
      if (batch && delivery.batch_id && batch !== delivery.batch_id) return { entry, delivery, outcome: 'stale', note: `acknowledges batch ${batch}; batch ${delivery.batch_id} was sent since` };
    } else {
      return { entry, delivery: null, outcome: 'unmatched', note: 'names neither a MessageId nor an ICPN' };
    }
    if (delivery.kind === 'takedown') return { entry, delivery: null, outcome: 'unmatched', note: 'acknowledges a takedown message' };
    return { entry, delivery, outcome: entry.verdict, note: entry.verdict === 'unknown' ? `status not known: ${entry.status || 'none'}` : '' };
  }

  /**
   * Ingested releases on a live feed whose release date has passed become Live (issue 39 §2), with the
   * link from the target's template unless staff set one; the artist is told when it is the release's first
   * live store. Test feeds never go Live.
   */
  async goLive(now = new Date()): Promise<number> {
    const due = await this.deliveries.find({ where: { store_state: 'ingested', feed: 'live' } });
    let count = 0;
    const byRelease = new Map<number, DeliveryEntity[]>();
    for (const d of due) byRelease.set(d.release_id, [...(byRelease.get(d.release_id) ?? []), d]);
    for (const [releaseId, rows] of byRelease) {
      let release;
      try {
        ({ release } = await this.releases.readAny(releaseId));
      } catch {
        continue;
      }
      if (release.status !== 'approved' || release.release_date > now.getTime()) continue;
      for (const d of rows) {
        if (d.kind === 'takedown' || d.status === 'taken_down') continue;
        const target = await this.targets.findOne({ where: { id: d.target_id } });
        const url = d.live_url || fillLinkTemplate(target?.link_template ?? '', { upc: d.icpn || release.upc_ean, isrc: release.audios[0]?.isrc ?? '' });
        const res = await this.deliveries.update({ id: d.id, store_state: 'ingested' }, { store_state: 'live', live_url: url.slice(0, 500), state_at: now });
        if (!res.affected) continue;
        count++;
        await this.tellLive({ ...d, live_url: url }, release.release_title);
      }
    }
    return count;
  }

  /** Staff set a store's link and the store went Live: the same "first live store" notice as the sweep's. */
  async storeLinkWentLive(d: DeliveryEntity): Promise<void> {
    const { release } = await this.releases.readAny(d.release_id);
    await this.tellLive(d, release.release_title);
  }

  /** GET ops/deliveries/acks: a release's acknowledgements (newest first), or without one the files to look at. */
  async list(releaseId?: number): Promise<AckRow[]> {
    let acks: DeliveryAckEntity[];
    if (releaseId) {
      await this.releases.readAny(releaseId);
      const ids = [...new Set((await this.entries.find({ select: { ack_id: true }, where: { release_id: releaseId } })).map((e) => e.ack_id))];
      acks = ids.length ? await this.acks.find({ where: { id: In(ids) }, order: { id: 'DESC' } }) : [];
    } else {
      acks = await this.acks.find({ where: { outcome: In(['malformed', 'unmatched', 'unknown', 'stale']) }, order: { id: 'DESC' }, take: 100 });
    }
    const entries = acks.length ? await this.entries.find({ where: { ack_id: In(acks.map((a) => a.id)) }, order: { id: 'ASC' } }) : [];
    return acks.map((a) => this.ackRow(a, entries.filter((e) => e.ack_id === a.id), false));
  }

  /** GET ops/deliveries/ack: one acknowledgement with its raw text. Errors: 404. */
  async one(ackId: number): Promise<AckRow> {
    const ack = await this.acks.findOne({ where: { id: ackId } });
    if (!ack) throw DomainError.notFound(SM.ackNotFound);
    return this.ackRow(ack, await this.entries.find({ where: { ack_id: ackId }, order: { id: 'ASC' } }), true);
  }

  private ackRow(a: DeliveryAckEntity, entries: DeliveryAckEntryEntity[], raw: boolean): AckRow {
    const rows: AckEntryRow[] = entries.map((e) => ({ entry_id: e.id, ack_id: e.ack_id, delivery_id: e.delivery_id, release_id: e.release_id, message_id: e.message_id, icpn: e.icpn, status: e.status, outcome: e.outcome, reason: e.reason }));
    const row: AckRow = { ack_id: a.id, store: a.store, feed: a.feed === 'live' ? 'live' : 'test', file_name: a.file_name, shape: a.shape, outcome: a.outcome, summary: a.summary, received_at: new Date(a.received_at).toISOString(), entries: rows };
    return raw ? { ...row, raw: a.raw } : row;
  }

  private async tellRefused(d: DeliveryEntity, reason: string): Promise<void> {
    try {
      const { user_id, release } = await this.releases.readAny(d.release_id);
      const values = { store: d.store, title: release.release_title, reason: `${reason} ${fillMessage(UI.refusedNext, { store: d.store })}` };
      await this.tell(user_id, d.release_id, fillMessage(UI.refusedNotification, values), fillMessage(UI.refusedMailSubject, values));
    } catch (e) {
      this.logger.warn({ msg: 'could not tell the artist of a refusal', delivery_id: d.id, err: (e as Error).message });
    }
  }

  private async tellLive(d: DeliveryEntity, title: string): Promise<void> {
    try {
      // Only the first live store of a release is announced (then the release page lists them all).
      const live = await this.deliveries.count({ where: { release_id: d.release_id, store_state: 'live', feed: 'live' } });
      if (live !== 1) return;
      const { user_id } = await this.releases.readAny(d.release_id);
      const values = { store: d.store, title, link: d.live_url || '' };
      await this.tell(user_id, d.release_id, fillMessage(UI.liveNotification, values).replace(/: $/, '.'), fillMessage(UI.liveMailSubject, values));
    } catch (e) {
      this.logger.warn({ msg: 'could not tell the artist of a live store', delivery_id: d.id, err: (e as Error).message });
    }
  }

  /** Bell and e-mail to the release's owner. */
  private async tell(userId: number, releaseId: number, text: string, subject: string): Promise<void> {
    await this.notifications.notify(userId, text, `/catalog/${releaseId}`);
    const email = (await this.users.emailsById([userId])).get(userId);
    if (!email) return;
    const url = `${defaultPortalUrl(this.config)}/catalog/${releaseId}`;
    await this.mail.send({ to: email, subject, text: `${text}\n\n${fillMessage(UI.mailFooter, { url })}\n` });
  }
}
