import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  OPS_MESSAGES as M,
  RELEASE_MESSAGES,
  RELEASE_STATUS_LABEL,
  fillMessage,
  rejectionText,
  type IdentifierConflict,
  type RejectionReasonRow,
  type ReviewOutcomeResult,
  type ReviewQueueRow,
  type ReviewRelease,
  STAFF_DESK_MESSAGES,
  type BulkApproveItem,
  type BulkApproveResult,
  type ReviewQueueQuery,
  RELEASE_CHANGE_MESSAGES as CM,
  type ReleaseChangeDecision,
  type ReleaseChangeRow,
  type ReleaseChangeStatus,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { NotificationsService } from '../../notifications/notifications.service';
import { ReleaseReviewRecords, type ReleaseRecord } from '../../releases/review/release-review-records';
import { UploadsService } from '../../releases/uploads/uploads.service';
import { ReleasesService } from '../../releases/release-info/releases.service';
import { toReleaseRights } from '../../releases/release-info/release.mapper';
import { UsersService } from '../../users/users.service';
import { AuditService, type Actor } from '../../audit/audit.service';
import { IdentifierService } from '../../identifiers/identifier.service';
import { IdentifierRegistryService } from '../../identifiers/identifier-registry.service';
import { DeliveryService } from '../../distribution/delivery/delivery.service';
import { QcService } from '../../distribution/qc/qc.service';
import { Transactions } from '../../database/transactions';
import { ReleaseChangesService } from '../../releases/changes/release-changes.service';

type Snapshot = { status: string; reason: string; upc_ean: string };
const snap = (r: ReleaseRecord): Snapshot => ({ status: r.status, reason: r.reason, upc_ean: r.upc_ean });

/**
 * Release review of the operations console and of the CLI `review` command (docs/decisions/008): the queue,
 * approve (UPC and ISRCs in the same transaction), reject with catalogue reasons, takedown. Each
 * outcome is one conditional update on the status, so a second or concurrent outcome answers 409,
 * writes an audit row and a release_reviews row in the transaction, and tells the artist's bell.
 */
@Injectable()
export class ReleaseReviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
    private readonly identifiers: IdentifierService,
    private readonly registry: IdentifierRegistryService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly uploads: UploadsService,
    private readonly releases: ReleasesService,
    private readonly delivery: DeliveryService,
    private readonly records: ReleaseReviewRecords,
    private readonly users: UsersService,
    private readonly qc: QcService,
    private readonly changes: ReleaseChangesService,
  ) {}

  /** `in_review` releases, oldest submission first, with their age in whole minutes (the console home's count). */
  queue(limit: number, offset: number, now = Date.now()): Promise<{ rows: ReviewQueueRow[]; total: number }> {
    return this.filteredQueue({ limit, status: 'in_review', ready: 'all', from: '', to: '', q: '', order: 'oldest' }, offset, now);
  }

  /**
   * The review queue (issue 38 item 11): releases of `q.status` (in_review by default), filtered by
   * release date range (YYYY-MM-DD, inclusive UTC days), artist or label search and store readiness
   * (every file passed store QC, QcService.checklist's rule), ordered by submission (oldest first by
   * default), with their age in whole minutes. Without a readiness filter the database pages; with
   * one every match is checked and the page cut here. Answers `{ rows, total }`.
   */
  async filteredQueue(q: ReviewQueueQuery, offset: number, now = Date.now()): Promise<{ rows: ReviewQueueRow[]; total: number }> {
    const day = (v: string, end: boolean) => (v ? Date.parse(`${v}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0) : null);
    const filter = { status: q.status, fromMs: day(q.from, false), toMs: day(q.to, true), q: q.q, order: q.order as 'oldest' | 'newest' };
    const byDb = q.ready === 'all';
    const found = await this.records.reviewQueue(filter, byDb ? { limit: q.limit, offset } : null);
    const ready = await this.storeReady(found.rows);
    let rows = found.rows;
    let total = found.total;
    if (!byDb) {
      rows = rows.filter((r) => ready.get(r.id) === (q.ready === 'ready'));
      total = rows.length;
      rows = rows.slice(offset, offset + q.limit);
    }
    const emails = await this.emails(rows.map((r) => r.user_id));
    return {
      total,
      rows: rows.map((r) => ({
        release_id: r.id,
        release_title: r.release_title,
        artist_name: r.artist_name,
        user_id: r.user_id,
        user_email: emails.get(r.user_id) ?? '',
        release_type: r.release_type,
        number_of_tracks: r.number_of_tracks,
        submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
        age_minutes: r.submitted_at ? Math.max(0, Math.floor((now - new Date(r.submitted_at).getTime()) / 60_000)) : 0,
        status: r.status,
        release_date: r.release_date,
        lable_name: r.lable_name,
        store_ready: ready.get(r.id) ?? false,
      })),
    };
  }

  /** Whether each release's artwork and audio files all passed store QC (a file without a QC row counts as passed), by release id. */
  private async storeReady(rows: Array<{ id: number; album_artwork: string; audios: string[] }>): Promise<Map<number, boolean>> {
    const qc = await this.qc.byFilename(rows.flatMap((r) => [r.album_artwork, ...r.audios]));
    const passed = (f: string) => !f || (qc.get(f)?.status ?? 'passed') === 'passed';
    return new Map(rows.map((r) => [r.id, passed(r.album_artwork) && r.audios.every(passed)]));
  }

  /**
   * Bulk approval (issue 38 item 11): each release in turn, only when store-ready, through `approve`
   * (its own transaction, four-eyes check, codes, audit row, the artist's bell, delivery jobs), so one
   * refusal never undoes another's approval. Answers every release's outcome with the counts.
   */
  async approveMany(releaseIds: number[], actor: Actor): Promise<BulkApproveResult> {
    const items: BulkApproveItem[] = [];
    for (const releaseId of [...new Set(releaseIds)]) {
      try {
        const release = await this.records.find(releaseId);
        if (!release) throw DomainError.notFound(M.releaseNotFound);
        const tracks = await this.records.tracks(releaseId);
        const ready = await this.storeReady([{ id: releaseId, album_artwork: release.album_artwork, audios: tracks.map((t) => t.audio_track) }]);
        if (!ready.get(releaseId)) throw DomainError.conflict(STAFF_DESK_MESSAGES.bulkNotReady, 'not_store_ready');
        const out = await this.approve(releaseId, actor);
        items.push({ release_id: releaseId, approved: true, message: M.approved, upc_ean: out.upc_ean });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        items.push({ release_id: releaseId, approved: false, message: e.message, upc_ean: '' });
      }
    }
    const approved = items.filter((i) => i.approved).length;
    return { approved, refused: items.length - approved, items };
  }

  /** Every field of any release, its tracks and the reasons of its latest rejection. 404 releaseNotFound. */
  async detail(releaseId: number): Promise<ReviewRelease> {
    const r = await this.find(this.db.manager, releaseId);
    const tracks = await this.records.tracks(r.id);
    return {
      release_id: r.id,
      release_title: r.release_title,
      release_type: r.release_type,
      artist_name: r.artist_name,
      album_artwork: r.album_artwork,
      ...toReleaseRights(r),
      status: r.status,
      reason: r.reason,
      user_id: r.user_id,
      user_email: (await this.emails([r.user_id])).get(r.user_id) ?? '',
      submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
      tracks: tracks.map((t) => ({
        track_id: t.id,
        title: t.title,
        isrc: t.isrc,
        audio_track: t.audio_track,
        instrumental: t.instrumental,
        lyrics_language: t.lyrics_language,
        author1: t.author1,
        composer1: t.composer1,
        explicit_version: t.explicit_version,
        status: t.status,
      })),
      review_reasons: await this.latestReasons(r.id),
      identifier_conflicts: await this.conflicts(r),
    };
  }

  /** Other releases carrying this release's UPC or its tracks' ISRCs, with their owners' e-mails (docs/decisions/016). */
  private async conflicts(r: ReleaseRecord): Promise<IdentifierConflict[]> {
    const holders = await this.releases.identifierHolders(r.id);
    const emails = await this.emails(holders.map((h) => h.user_id));
    return holders.map((h) => ({
      kind: h.kind,
      code: h.code,
      track_id: h.track_id,
      release_id: h.release_id,
      release_title: h.release_title,
      user_email: emails.get(h.user_id) ?? '',
      same_owner: h.user_id === r.user_id,
    }));
  }

  /** The structured reasons of a release's latest review when it was a rejection (the artist's detail shows them too). */
  latestReasons(releaseId: number): Promise<RejectionReasonRow[]> {
    return this.releases.latestRejectionReasons(releaseId);
  }

  /** A signed link (10 minutes) to play any track's audio: staff only, through the console. */
  async audioLink(trackId: number): Promise<{ url: string; expires_at: number }> {
    const track = await this.records.track(trackId);
    if (!track || !track.audio_track) throw DomainError.notFound(M.trackNotFound);
    return this.uploads.signedAudioLink(track.audio_track);
  }

  /**
   * in_review → approved; a UPC when the release has none and an ISRC per track without one, in the same
   * transaction, skipping every code in the registry. 404, 403 ownRelease, 409 notInReview, 409
   * identifierTaken (an entered code held by another release or owner).
   */
  async approve(releaseId: number, actor: Actor): Promise<ReviewOutcomeResult> {
    const result = await this.transactions.run(async (m) => {
      const before = await this.findToDecide(m, releaseId, actor);
      await this.move(m, releaseId, ['in_review'], { status: 'approved', reason: '' }, M.notInReview);
      // Entered codes must still be this release's (UPC) and this owner's (ISRC) in the registry: a
      // legacy duplicate held by another release is refused (409) and nothing is approved (docs/decisions/016).
      if (before.upc_ean) await this.registry.confirmForApproval(m, 'upc', before.upc_ean, before.user_id, releaseId, 0);
      const upc = before.upc_ean || (await this.identifiers.assignUpc(m, releaseId, before.user_id));
      if (!before.upc_ean) await this.records.setUpc(m, releaseId, upc);
      const tracks = await this.records.tracks(releaseId, m);
      const isrcs: string[] = [];
      for (const t of tracks) {
        if (t.isrc) await this.registry.confirmForApproval(m, 'isrc', t.isrc, before.user_id, releaseId, t.id);
        const isrc = t.isrc || (await this.identifiers.assignIsrc(m, t.id, new Date(), before.user_id, releaseId));
        await this.records.approveTrack(m, t.id, isrc);
        isrcs.push(isrc);
      }
      await this.history(m, releaseId, 'approved', [], '', actor);
      const after = { status: 'approved', reason: '', upc_ean: upc, isrcs };
      await this.audit.record(actor, 'release.approve', 'release', releaseId, snap(before), after, m);
      return { release: before, out: { release_id: releaseId, status: 'approved', upc_ean: upc, isrcs } };
    });
    await this.tell(result.release, 'approved', '');
    await this.delivery.releaseApproved(releaseId); // a delivery job per store (docs/decisions/020)
    return result.out;
  }

  /** in_review → rejected with catalogue reasons (the CLI may give only a note). 404, 403 ownRelease, 409 notInReview, 400 reasonsRequired. */
  async reject(releaseId: number, reasons: string[], note: string, actor: Actor): Promise<ReviewOutcomeResult> {
    if (!reasons.length && !note.trim()) throw DomainError.badRequest(M.reasonsRequired);
    const text = rejectionText(reasons, note);
    const release = await this.transactions.run(async (m) => {
      const before = await this.findToDecide(m, releaseId, actor);
      await this.move(m, releaseId, ['in_review'], { status: 'rejected', reason: text }, M.notInReview);
      await this.history(m, releaseId, 'rejected', reasons, note, actor);
      await this.audit.record(actor, 'release.reject', 'release', releaseId, snap(before), { status: 'rejected', reason: text, reasons }, m);
      return before;
    });
    await this.tell(release, 'rejected', text);
    return { release_id: releaseId, status: 'rejected', upc_ean: release.upc_ean, isrcs: [] };
  }

  /** approved → takendown with a reason; its identifiers stay its own (never reused). 404, 403 ownRelease, 409 notApproved. */
  async takedown(releaseId: number, reason: string, actor: Actor): Promise<ReviewOutcomeResult> {
    if (!reason.trim()) throw DomainError.badRequest(M.takedownReasonRequired);
    const text = reason.trim().slice(0, 1000);
    const release = await this.transactions.run(async (m) => {
      const before = await this.findToDecide(m, releaseId, actor);
      await this.move(m, releaseId, ['approved'], { status: 'takendown', reason: text }, M.notApproved);
      await this.records.takeDownTracks(m, releaseId);
      await this.history(m, releaseId, 'takendown', [], text, actor);
      await this.audit.record(actor, 'release.takedown', 'release', releaseId, snap(before), { status: 'takendown', reason: text }, m);
      return before;
    });
    await this.tell(release, 'takendown', text);
    await this.delivery.releaseTakenDown(releaseId); // the takedown message to every store (docs/decisions/020)
    return { release_id: releaseId, status: 'takendown', upc_ean: release.upc_ean, isrcs: [] };
  }

  /** GET ops/releases/changes: changes to approved releases in `status` (pending by default), of one release or all (issue 39 §3). */
  listChanges(status: ReleaseChangeStatus | 'all', releaseId?: number): Promise<ReleaseChangeRow[]> {
    return this.changes.list(status, releaseId);
  }

  /**
   * POST ops/releases/changes/approve (issue 39 §3): the change applied to the release in one transaction
   * with its audit row (`release.change_approve`, the values before and after); then the artist's bell,
   * and the update to every store that has the release (DeliveryService.changeApproved, once per change).
   * Errors: 404 changeNotFound; 403 four_eyes (the reviewer's own release); 409 not_pending (decided
   * already, also for the loser of two concurrent approvals), not_approved (the release was taken down).
   */
  async approveChange(changeId: number, actor: Actor): Promise<ReleaseChangeDecision> {
    const change = await this.transactions.run(async (m) => {
      const found = await this.changeToDecide(m, changeId, actor);
      const outcome = await this.changes.approve(m, changeId, actor.email);
      if (outcome === 'not_pending') throw DomainError.conflict(CM.notPending, 'not_pending');
      if (outcome === 'not_approved') throw DomainError.conflict(CM.releaseNotApproved, 'not_approved');
      await this.audit.record(actor, 'release.change_approve', 'release', found.release_id, { change_id: changeId, ...found.before }, { change_id: changeId, ...found.changes }, m);
      return found;
    });
    const stores = await this.delivery.changeApproved(change.release_id, changeId, actor);
    const title = change.changes.release_title ?? change.release_title;
    await this.notifications.notify(
      change.user_id,
      fillMessage(CM.approvedNotification, { title, stores: stores.length ? fillMessage(CM.approvedStores, { stores: stores.join(', ') }) : '' }),
      `/catalog/${change.release_id}`,
    );
    return { change_id: changeId, release_id: change.release_id, status: 'approved', stores };
  }

  /** POST ops/releases/changes/decline: with the note the artist reads (audited, the artist's bell); nothing is sent. Errors: as approveChange, without not_approved. */
  async declineChange(changeId: number, note: string, actor: Actor): Promise<ReleaseChangeDecision> {
    const change = await this.transactions.run(async (m) => {
      const found = await this.changeToDecide(m, changeId, actor);
      if (!(await this.changes.decline(m, changeId, note, actor.email))) throw DomainError.conflict(CM.notPending, 'not_pending');
      await this.audit.record(actor, 'release.change_decline', 'release', found.release_id, { change_id: changeId, status: 'pending' }, { change_id: changeId, status: 'declined', note }, m);
      return found;
    });
    await this.notifications.notify(change.user_id, fillMessage(CM.declinedNotification, { title: change.release_title, note }), `/catalog/${change.release_id}`);
    return { change_id: changeId, release_id: change.release_id, status: 'declined', stores: [] };
  }

  /** The change to decide on: 404 changeNotFound; 403 four_eyes when it is a change of the deciding staff member's own release. */
  private async changeToDecide(m: EntityManager, changeId: number, actor: Actor): Promise<ReleaseChangeRow> {
    const change = await this.changes.find(changeId, m);
    if (!change) throw DomainError.notFound(CM.changeNotFound);
    if (actor.userId !== null && change.user_id === actor.userId) throw new DomainError(403, CM.ownRelease, { code: 'four_eyes' });
    return change;
  }

  private async find(m: EntityManager, releaseId: number): Promise<ReleaseRecord> {
    const r = await this.records.find(releaseId, m);
    if (!r) throw DomainError.notFound(M.releaseNotFound);
    return r;
  }

  /** The release to decide on, refused (403 ownRelease) when it belongs to the deciding staff member (four-eyes, docs/decisions/016). */
  private async findToDecide(m: EntityManager, releaseId: number, actor: Actor): Promise<ReleaseRecord> {
    const r = await this.find(m, releaseId);
    if (actor.userId !== null && r.user_id === actor.userId) throw new DomainError(403, M.ownRelease, { code: 'four_eyes' });
    return r;
  }

  /** The conditional status change: nothing changes (409) unless the row is still in one of `from`. */
  private async move(m: EntityManager, releaseId: number, from: string[], set: { status: ReleaseRecord['status']; reason: string }, conflict: string): Promise<void> {
    if (!(await this.records.move(m, releaseId, from, set))) throw DomainError.conflict(conflict, 'not_reviewable');
  }

  private async history(m: EntityManager, releaseId: number, outcome: string, reasons: string[], note: string, actor: Actor): Promise<void> {
    await this.records.recordReview(m, releaseId, outcome, reasons, note, actor.email);
  }

  private async tell(release: ReleaseRecord, status: 'approved' | 'rejected' | 'takendown', reason: string): Promise<void> {
    await this.notifications.notify(
      release.user_id,
      fillMessage(RELEASE_MESSAGES.reviewNotification, { title: release.release_title, status: RELEASE_STATUS_LABEL[status], reason: reason ? ` ${reason}` : '' }),
      `/catalog/${release.id}`,
    );
  }

  private emails(ids: number[]): Promise<Map<number, string>> {
    return this.users.emailsById(ids);
  }
}
