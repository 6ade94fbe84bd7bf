import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, MoreThan, Not, Repository, type EntityManager } from 'typeorm';
import {
  compactIsrc,
  EDITABLE_STATUSES,
  gtin14,
  upcForms,
  RELEASE_LIMITS,
  RELEASE_MESSAGES as M,
  releaseInfoSchema,
  TRACK_STATUS,
  trackSchema,
  type PlatformLogo,
  type Release,
  type ReleaseInfoPayload,
  type ReleaseUpdatePayload,
  type ReleaseStatus,
  type SubmissionDataChecks,
  type RejectionReasonRow,
  rejectionReasonRows,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { validateBody } from '../../common/validate';
import { ArtistsService } from '../artists/artists.service';
import { ReleaseEntity } from '../entities/release.entity';
import { TrackEntity } from '../entities/track.entity';
import { ReleaseReviewEntity } from '../entities/release-review.entity';
import { LogosService } from '../logos/logos.service';
import { allArtistIds, artistSlots, joinNames, primaryIds, toRelease } from './release.mapper';
import { ReleaseGateService } from './release-gate.service';
import { UploadsService } from '../uploads/uploads.service';
import { IdentifierRegistryService } from '../../identifiers/identifier-registry.service';
import { Transactions } from '../../database/transactions';

/** A UPC or ISRC carried by more than one release (or by tracks of more than one owner): CLI identifier-duplicates. */
export type IdentifierDuplicate = { kind: 'upc' | 'isrc'; code: string; holders: Array<{ release_id: number; track_id: number | null; user_id: number; status: string }> };
/** Another release carrying one of a release's codes (the review screen's warning). */
export type IdentifierHolder = { kind: 'upc' | 'isrc'; code: string; track_id: number | null; release_id: number; release_title: string; user_id: number };

/** What a release's info saves besides the validated fields: the denormalised display and search columns. */
type InfoColumns = Omit<ReleaseEntity, 'id' | 'user_id' | 'number_of_tracks' | 'status' | 'reason' | 'crbt' | 'video_platforms' | 'submitted_at' | 'created_at' | 'updated_at'>;

export const isEditable = (status: ReleaseStatus): boolean => EDITABLE_STATUSES.includes(status);

/**
 * The audio release and its life cycle (core §3, §4): info, platforms, submission, deletion and the
 * read views of the wizard. Every row is read and written through a query scoped by the caller's id,
 * so another user's release answers 404 exactly like a missing one.
 */
@Injectable()
export class ReleasesService {
  constructor(
    @InjectRepository(ReleaseEntity) private readonly releases: Repository<ReleaseEntity>,
    @InjectRepository(TrackEntity) private readonly tracks: Repository<TrackEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
    private readonly artists: ArtistsService,
    private readonly uploads: UploadsService,
    private readonly gate: ReleaseGateService,
    private readonly logos: LogosService,
    private readonly registry: IdentifierRegistryService,
  ) {}

  /** The caller's release, or 404 releaseNotFound (also for another user's id). */
  async findOwned(userId: number, releaseId: number): Promise<ReleaseEntity> {
    const release = await this.releases.findOne({ where: { id: releaseId, user_id: userId } });
    if (!release) throw DomainError.notFound(M.releaseNotFound);
    return release;
  }

  /** 409 notEditable unless the release is a draft or rejected (core §4). */
  assertEditable(release: ReleaseEntity): void {
    if (!isEditable(release.status)) throw DomainError.conflict(M.notEditable);
  }

  /**
   * POST /api/createReleaseInfo (core §2 tab 1, §5 "Required in release info") → the new draft's id
   * (top-level `release_id`). Errors: 403 away / revoked; 400 requiredFields, releaseDateMin (before
   * today + 6 days in any time zone), upcFormat, upcCheckDigit (GS1), artistAlreadyAdded / artistLimit, unknownArtist
   * (an id that is not the caller's artist of that type), uploadUnknownFile (artwork not the caller's),
   * upcInUse (another release has the UPC: claimed in the identifier registry in the same transaction,
   * docs/decisions/016).
   */
  async createInfo(userId: number, dto: ReleaseInfoPayload): Promise<{ release_id: number }> {
    await this.gate.assertCanCreate(userId);
    const columns = await this.infoColumns(userId, dto);
    const id = await this.transactions.run(async (m) => {
      const saved = await m.save(
        m.create(ReleaseEntity, { ...columns, user_id: userId, number_of_tracks: 0, status: 'draft', reason: '', crbt: '', video_platforms: '', submitted_at: null }),
      );
      if (columns.upc_ean) await this.registry.claimUpc(m, columns.upc_ean, userId, saved.id);
      return saved.id;
    });
    return { release_id: id };
  }

  /**
   * POST /api/updateReleaseInfo `{ release_id, ...release fields }`. A rejected release stays rejected
   * until it is submitted again. Errors: as createReleaseInfo, plus 404 releaseNotFound, 409 notEditable.
   */
  async updateInfo(userId: number, dto: ReleaseUpdatePayload): Promise<void> {
    await this.gate.assertCanCreate(userId);
    const release = await this.findOwned(userId, dto.release_id);
    this.assertEditable(release);
    const columns = await this.infoColumns(userId, dto);
    await this.transactions.run(async (m) => {
      await this.updateEditable(m, userId, release.id, columns);
      if (columns.upc_ean) await this.registry.claimUpc(m, columns.upc_ean, userId, release.id);
      if (release.upc_ean && release.upc_ean !== columns.upc_ean) await this.registry.releaseUpc(m, release.upc_ean, release.id);
    });
    if (release.album_artwork && release.album_artwork !== columns.album_artwork) await this.uploads.deleteUnreferenced(userId, [release.album_artwork]);
  }

  /**
   * Inside the caller's transaction: write `set` on the caller's release only while it is still editable
   * (draft or rejected), so a change racing a submit either lands before it or fails with 409 notEditable.
   */
  async updateEditable(m: EntityManager, userId: number, releaseId: number, set: Partial<ReleaseEntity>): Promise<void> {
    const res = await m
      .createQueryBuilder()
      .update(ReleaseEntity)
      .set(set)
      .where('id = :id AND user_id = :userId AND status IN (:...editable)', { id: releaseId, userId, editable: EDITABLE_STATUSES })
      .execute();
    if (!res.affected) throw DomainError.conflict(M.notEditable);
  }

  /** An entered ISRC none of the owner's tracks carries any more goes back to the registry (docs/decisions/016). */
  async giveBackIsrc(m: EntityManager, userId: number, isrc: string): Promise<void> {
    if (!(await m.exists(TrackEntity, { where: { user_id: userId, isrc } }))) await this.registry.releaseIsrc(m, isrc, userId);
  }

  /** GET /api/getDraft and GET /api/getCatelogById → the caller's Release with its tracks (`audios`, by audio_id). Errors: 404. */
  async read(userId: number, releaseId: number): Promise<Release> {
    const release = await this.findOwned(userId, releaseId);
    const tracks = await this.tracks.find({ where: { release_id: release.id, user_id: userId }, order: { id: 'ASC' } });
    const names = await this.artists.names(userId, [...allArtistIds(release), ...tracks.flatMap(allArtistIds)]);
    const out = toRelease(release, tracks, names);
    if (release.status === 'rejected') out.review_reasons = await this.latestRejectionReasons(release.id);
    return out;
  }

  /** Any release with its tracks and its owner's id, for staff views and jobs (docs/decisions/020). Errors: 404. */
  async readAny(releaseId: number): Promise<{ user_id: number; release: Release }> {
    const row = await this.releases.findOne({ select: { id: true, user_id: true }, where: { id: releaseId } });
    if (!row) throw DomainError.notFound(M.releaseNotFound);
    return { user_id: row.user_id, release: await this.read(row.user_id, releaseId) };
  }

  /** The catalogue reasons of a release's latest review when it was a rejection (docs/decisions/008), else []. */
  async latestRejectionReasons(releaseId: number): Promise<RejectionReasonRow[]> {
    const last = await this.db.getRepository(ReleaseReviewEntity).findOne({ where: { release_id: releaseId }, order: { id: 'DESC' } });
    return last && last.outcome === 'rejected' ? rejectionReasonRows(last.reasons) : [];
  }

  /**
   * POST /api/checkboxCrbtVideoPlatforms `{ release_id, crbt, video_platforms }` ('yes' | 'no').
   * Errors: 403 away / revoked; 400 requiredFields; 404; 409 notEditable; 400 callerTuneFirst (CRBT
   * without a track with a caller tune), videoDetailsFirst (video without a track distributing a video).
   */
  async savePlatforms(userId: number, dto: { release_id: number; crbt: string; video_platforms: string }): Promise<void> {
    await this.gate.assertCanCreate(userId);
    const release = await this.findOwned(userId, dto.release_id);
    this.assertEditable(release);
    const checks = await this.dataChecks(userId, release.id);
    if (dto.crbt === 'yes' && checks.caller_tune !== 'Yes') throw DomainError.badRequest(M.callerTuneFirst);
    if (dto.video_platforms === 'yes' && checks.destribute_music !== 'Yes') throw DomainError.badRequest(M.videoDetailsFirst);
    const res = await this.releases
      .createQueryBuilder()
      .update(ReleaseEntity)
      .set({ crbt: dto.crbt as 'yes' | 'no', video_platforms: dto.video_platforms as 'yes' | 'no' })
      .where('id = :id AND user_id = :userId AND status IN (:...editable)', { id: release.id, userId, editable: EDITABLE_STATUSES })
      .execute();
    if (!res.affected) throw DomainError.conflict(M.notEditable);
  }

  /** GET /api/getSubmissionDataChecks?release_id → `{ caller_tune, destribute_music }`, "Yes" when any track has it (core §3). Errors: 404. */
  async submissionChecks(userId: number, releaseId: number): Promise<SubmissionDataChecks> {
    const release = await this.findOwned(userId, releaseId);
    return this.dataChecks(userId, release.id);
  }

  /**
   * GET /api/getSubmissionDetails?release_id → the Release with its tracks plus `platforms`: the
   * platforms it goes to (audio always, CRBT and video when chosen). Errors: 404.
   */
  async submissionDetails(userId: number, releaseId: number): Promise<Release & { platforms: PlatformLogo[] }> {
    const release = await this.read(userId, releaseId);
    const all = await this.logos.list();
    const platforms = all.filter((p) => p.type === '1' || (p.type === '2' ? release.crbt === 'yes' : release.video_platforms === 'yes'));
    return { ...release, platforms };
  }

  /**
   * POST /api/submissionButton `{ release_id, terms? }`: draft or rejected → in_review, and every
   * track's status back to In-Review (core §4).
   * Needs: the info still valid (release date still ≥ today + 6 days), artwork, at least one track,
   * every track complete (trackSchema for the release type), the platforms saved, a caller tune when
   * CRBT is on, a track distributing a video when video is on. `terms: false` is refused.
   *
   * Atomic (docs/decisions/016): the transaction first moves the status with an UPDATE conditional on
   * it being editable, which takes the release row's lock (track add, edit and delete take the same
   * lock first, TracksService.lockEditable), and only then reads the release and its tracks and runs
   * every check; a failing check rolls the status back. So a track deleted at the same moment either
   * committed before (the checks see it gone: 400 submitNeedsTrack) or waits and then finds the
   * release in review (409 notEditable); a release never reaches review without its tracks.
   * Errors: 403 away / revoked; 404; 409 alreadySubmitted; 400 termsRequired, the info's first
   * message, submitNeedsArtwork, uploadUnknownFile, submitNeedsTrack, a track's first message,
   * storeNotReady (store QC, decision 020), submitNeedsPlatforms, callerTuneFirst, videoDetailsFirst.
   */
  async submit(userId: number, dto: { release_id: number; terms?: boolean }): Promise<void> {
    await this.gate.assertCanCreate(userId);
    const found = await this.findOwned(userId, dto.release_id);
    if (!isEditable(found.status)) throw DomainError.conflict(M.alreadySubmitted);
    if (dto.terms === false) throw DomainError.badRequest(M.termsRequired);

    await this.transactions.run(async (m) => {
      // The lock first: no read of this transaction may come before it (InnoDB's snapshot starts at the first read).
      const res = await m
        .createQueryBuilder()
        .update(ReleaseEntity)
        .set({ status: 'in_review', reason: '', submitted_at: new Date() })
        .where('id = :id AND user_id = :userId AND status IN (:...editable)', { id: found.id, userId, editable: EDITABLE_STATUSES })
        .execute();
      if (!res.affected) throw DomainError.conflict(M.alreadySubmitted);
      const release = await m.findOneOrFail(ReleaseEntity, { where: { id: found.id, user_id: userId } });
      await validateBody(releaseInfoSchema, release, { now: Date.now(), anyZone: true });
      if (!release.album_artwork) throw DomainError.badRequest(M.submitNeedsArtwork);
      await this.uploads.assertOwned(userId, release.album_artwork, 'artwork', m);
      const tracks = await m.find(TrackEntity, { where: { release_id: release.id, user_id: userId }, order: { id: 'ASC' } });
      if (!tracks.length) throw DomainError.badRequest(M.submitNeedsTrack);
      await this.uploads.assertStoreReady(userId, release.album_artwork, tracks); // store QC (docs/decisions/020)
      for (const track of tracks) {
        await validateBody(trackSchema, track, { releaseType: release.release_type, now: Date.now() });
        await this.uploads.assertOwned(userId, track.audio_track, 'audio', m);
      }
      if (!release.crbt || !release.video_platforms) throw DomainError.badRequest(M.submitNeedsPlatforms);
      if (release.crbt === 'yes' && !tracks.some((t) => t.caller_tune)) throw DomainError.badRequest(M.callerTuneFirst);
      if (release.video_platforms === 'yes' && !tracks.some((t) => t.destribute_music === 'Yes')) throw DomainError.badRequest(M.videoDetailsFirst);
      // The release itself is ready: a submit must still carry accepted terms (core §2 tab 4).
      if (dto.terms !== true) throw DomainError.badRequest(M.termsRequired);
      await m.createQueryBuilder().update(TrackEntity).set({ status: TRACK_STATUS.inReview }).where('release_id = :id AND user_id = :userId', { id: release.id, userId }).execute();
    });
  }

  /**
   * POST /api/deleteDraft `{ release_id }`: deletes a draft or rejected release and its tracks in one
   * transaction, then the uploads nothing references any more. Errors: 404; 409 notEditable.
   */
  async deleteDraft(userId: number, releaseId: number): Promise<void> {
    const release = await this.findOwned(userId, releaseId);
    this.assertEditable(release);
    let files: string[] = [];
    await this.transactions.run(async (m) => {
      const tracks = await m.find(TrackEntity, { select: { id: true, audio_track: true, isrc: true }, where: { release_id: release.id, user_id: userId } });
      files = [release.album_artwork, ...tracks.map((t) => t.audio_track)];
      await m.delete(TrackEntity, { release_id: release.id, user_id: userId });
      const res = await m.delete(ReleaseEntity, { id: release.id, user_id: userId, status: In([...EDITABLE_STATUSES]) });
      if (!res.affected) throw DomainError.conflict(M.notEditable);
      // Entered codes nothing of the owner carries any more go back to the registry (docs/decisions/016).
      await this.registry.releaseUpc(m, release.upc_ean, release.id);
      for (const isrc of new Set(tracks.map((t) => t.isrc).filter(Boolean))) await this.giveBackIsrc(m, userId, isrc);
    });
    await this.uploads.deleteUnreferenced(userId, files);
  }

  /**
   * Other releases carrying this release's UPC or one of its tracks' ISRCs (any owner): what the
   * review screen warns about (docs/decisions/016). Lookups by the indexed `upc_ean` and `isrc`.
   */
  async identifierHolders(releaseId: number): Promise<IdentifierHolder[]> {
    const release = await this.releases.findOne({ select: { id: true, upc_ean: true }, where: { id: releaseId } });
    if (!release) return [];
    const out: IdentifierHolder[] = [];
    if (release.upc_ean) {
      // Every form of the code (UPC-A, EAN-13, GTIN-14) is the same code (issue 38 item 8).
      const others = await this.releases.find({ select: { id: true, release_title: true, user_id: true }, where: { upc_ean: In(upcForms(release.upc_ean)) }, order: { id: 'ASC' }, take: 20 });
      for (const o of others) if (o.id !== releaseId) out.push({ kind: 'upc', code: release.upc_ean, track_id: null, release_id: o.id, release_title: o.release_title, user_id: o.user_id });
    }
    const tracks = await this.tracks.find({ select: { id: true, isrc: true }, where: { release_id: releaseId }, order: { id: 'ASC' } });
    const codes = [...new Set(tracks.map((t) => t.isrc).filter(Boolean))];
    if (codes.length) {
      const others = await this.tracks.find({ select: { id: true, isrc: true, release_id: true }, where: { isrc: In(codes) }, order: { id: 'ASC' }, take: 200 });
      const elsewhere = others.filter((o) => o.release_id !== releaseId);
      const releases = elsewhere.length ? await this.releases.find({ select: { id: true, release_title: true, user_id: true }, where: { id: In([...new Set(elsewhere.map((o) => o.release_id))]) } }) : [];
      const byId = new Map(releases.map((r) => [r.id, r]));
      for (const o of elsewhere) {
        const r = byId.get(o.release_id);
        const mine = tracks.find((t) => t.isrc === o.isrc);
        if (r && mine) out.push({ kind: 'isrc', code: o.isrc, track_id: mine.id, release_id: r.id, release_title: r.release_title, user_id: r.user_id });
      }
    }
    return out;
  }

  /**
   * Every UPC on more than one release and every ISRC on tracks of more than one owner, with their
   * holders (CLI `identifier-duplicates`, docs/decisions/016): listed, never changed.
   */
  async duplicateIdentifiers(): Promise<IdentifierDuplicate[]> {
    const out: IdentifierDuplicate[] = [];
    // One code in any of its forms (issue 38 item 8): UPCs grouped by their GTIN-14 form, ISRCs compact.
    // Read in id pages, so the listing never holds more than the codes themselves.
    const upcs = new Map<string, Array<{ id: number; user_id: number; status: string; code: string }>>();
    for (let after = 0; ; ) {
      const page = await this.releases.find({ select: { id: true, user_id: true, status: true, upc_ean: true }, where: { upc_ean: Not(''), id: MoreThan(after) }, order: { id: 'ASC' }, take: 5000 });
      if (!page.length) break;
      after = page[page.length - 1].id;
      for (const r of page) {
        const key = gtin14(r.upc_ean);
        upcs.set(key, [...(upcs.get(key) ?? []), { id: r.id, user_id: r.user_id, status: r.status, code: r.upc_ean }]);
      }
    }
    for (const [, rows] of [...upcs.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      if (rows.length < 2) continue;
      const typed = [...new Set(rows.map((r) => r.code))];
      // The code as typed; its forms joined by " = " when the releases carry it differently.
      out.push({ kind: 'upc', code: typed.join(' = '), holders: rows.map((r) => ({ release_id: r.id, track_id: null, user_id: r.user_id, status: r.status })) });
    }
    const isrcs = new Map<string, Array<{ id: number; user_id: number; release_id: number }>>();
    for (let after = 0; ; ) {
      const page = await this.tracks.find({ select: { id: true, user_id: true, release_id: true, isrc: true }, where: { isrc: Not(''), id: MoreThan(after) }, order: { id: 'ASC' }, take: 5000 });
      if (!page.length) break;
      after = page[page.length - 1].id;
      for (const t of page) {
        const key = compactIsrc(t.isrc);
        isrcs.set(key, [...(isrcs.get(key) ?? []), { id: t.id, user_id: t.user_id, release_id: t.release_id }]);
      }
    }
    for (const [code, rows] of [...isrcs.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      if (new Set(rows.map((r) => r.user_id)).size < 2) continue;
      const statuses = new Map((await this.releases.find({ select: { id: true, status: true }, where: { id: In([...new Set(rows.map((r) => r.release_id))]) } })).map((r) => [r.id, r.status]));
      out.push({ kind: 'isrc', code, holders: rows.map((r) => ({ release_id: r.release_id, track_id: r.id, user_id: r.user_id, status: statuses.get(r.release_id) ?? '' })) });
    }
    return out;
  }

  private async dataChecks(userId: number, releaseId: number): Promise<SubmissionDataChecks> {
    const tracks = await this.tracks.find({ select: { caller_tune: true, destribute_music: true }, where: { release_id: releaseId, user_id: userId } });
    return {
      caller_tune: tracks.some((t) => !!t.caller_tune) ? 'Yes' : 'No',
      destribute_music: tracks.some((t) => t.destribute_music === 'Yes') ? 'Yes' : 'No',
    };
  }

  /** Validate a release-info payload (core §5) and the caller's ownership of what it references; answer the columns to save. */
  private async infoColumns(userId: number, dto: ReleaseInfoPayload): Promise<InfoColumns> {
    const names = await this.artists.assertOwned(userId, dto);
    const album_artwork = await this.uploads.assertOwned(userId, dto.album_artwork, 'artwork');
    const row = {
      album_artwork,
      release_type: dto.release_type,
      release_title: dto.release_title,
      ...artistSlots(dto),
      genre: dto.genre,
      sub_genre: dto.sub_genre,
      lable_name: dto.lable_name,
      release_date: dto.release_date,
      p_line: dto.p_line,
      c_line: dto.c_line,
      upc_ean: dto.upc_ean ?? '',
    };
    const artist_name = joinNames(primaryIds(row), names).slice(0, 800);
    // Title, every artist (primary and featuring) and label: what the catalogue search matches.
    const search_text = [row.release_title, joinNames(allArtistIds(row), names), row.lable_name].join(' ').toLowerCase().slice(0, RELEASE_LIMITS.searchTextMax);
    return { ...row, artist_name, search_text };
  }
}
