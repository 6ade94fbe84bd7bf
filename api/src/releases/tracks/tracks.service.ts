import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import {
  isPriceTierAllowed,
  RELEASE_MESSAGES as M,
  TRACK_STATUS,
  type TrackAddPayload,
  type TrackPayload,
  type TrackUpdatePayload,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ArtistsService } from '../artists/artists.service';
import { ReleaseEntity } from '../entities/release.entity';
import { TrackEntity } from '../entities/track.entity';
import { ReleaseGateService } from '../release-info/release-gate.service';
import { ReleasesService } from '../release-info/releases.service';
import { artistSlots } from '../release-info/release.mapper';
import { UploadsService } from '../uploads/uploads.service';
import { IdentifierRegistryService } from '../../identifiers/identifier-registry.service';
import { Transactions } from '../../database/transactions';

type TrackColumns = Omit<TrackEntity, 'id' | 'release_id' | 'user_id' | 'status' | 'created_at' | 'updated_at'>;

/**
 * Tracks of a release (core §2 tab 2, §3 Track, §5 "Required per track", artist and other track rules).
 * Only a draft or rejected release takes track changes; each change recounts `number_of_tracks` in
 * the same transaction.
 */
@Injectable()
export class TracksService {
  constructor(
    @InjectRepository(TrackEntity) private readonly tracks: Repository<TrackEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
    private readonly releases: ReleasesService,
    private readonly artists: ArtistsService,
    private readonly uploads: UploadsService,
    private readonly gate: ReleaseGateService,
    private readonly registry: IdentifierRegistryService,
  ) {}

  /**
   * POST /api/addSongInfo `{ release_id, ...track fields }` → top-level `audio_id`.
   * Errors: 403 away / revoked; 404 releaseNotFound; 409 notEditable; 400 uploadPending (no
   * audio_track), requiredFields, productionYearMax (> current year + 3), isrcFormat (own ISRC Yes),
   * priceTierNotAllowed (tier not offered for the release type), callerTuneFormat (HH:MM:SS),
   * videoLinkRequired (destribute_music Yes), artistAlreadyAdded / artistLimit, authorAlreadyAdded /
   * authorLimit / composerAlreadyAdded / composerLimit, unknownArtist, uploadUnknownFile (audio not the caller's).
   * destribute_music No clears video_isrc and download_video_link. An own ISRC is stored compact
   * (uppercase, no hyphens) and claimed in the identifier registry in the same transaction: 400
   * isrcInUse when another account's recording has it (docs/decisions/016).
   */
  async add(userId: number, dto: TrackAddPayload): Promise<{ audio_id: number }> {
    await this.gate.assertCanCreate(userId);
    const release = await this.releases.findOwned(userId, dto.release_id);
    this.releases.assertEditable(release);
    const columns = await this.trackColumns(userId, release, dto);
    const id = await this.transactions.run(async (m) => {
      await this.lockEditable(m, userId, release.id);
      const saved = await m.save(m.create(TrackEntity, { ...columns, release_id: release.id, user_id: userId, status: TRACK_STATUS.inReview }));
      if (columns.isrc) await this.registry.claimIsrc(m, columns.isrc, userId, release.id, saved.id);
      await this.recount(m, release.id);
      return saved.id;
    });
    return { audio_id: id };
  }

  /**
   * POST /api/updateSongInfo `{ audio_id, ...track fields }` (release_id optional; when given it must be
   * the track's). Errors: as addSongInfo, plus 404 trackNotFound.
   */
  async update(userId: number, dto: TrackUpdatePayload): Promise<void> {
    await this.gate.assertCanCreate(userId);
    const track = await this.findOwned(userId, dto.audio_id, dto.release_id);
    const release = await this.releases.findOwned(userId, track.release_id);
    this.releases.assertEditable(release);
    const columns = await this.trackColumns(userId, release, dto);
    await this.transactions.run(async (m) => {
      await this.lockEditable(m, userId, release.id);
      await m.update(TrackEntity, { id: track.id, user_id: userId }, columns);
      if (columns.isrc) await this.registry.claimIsrc(m, columns.isrc, userId, release.id, track.id);
      if (track.isrc && track.isrc !== columns.isrc) await this.releases.giveBackIsrc(m, userId, track.isrc);
    });
    if (track.audio_track !== columns.audio_track) await this.uploads.deleteUnreferenced(userId, [track.audio_track]);
  }

  /** POST /api/deleteSongInfo `{ audio_id }`. Errors: 403 away / revoked; 404 trackNotFound; 409 notEditable. */
  async delete(userId: number, dto: { audio_id: number; release_id?: number }): Promise<void> {
    await this.gate.assertCanCreate(userId);
    const track = await this.findOwned(userId, dto.audio_id, dto.release_id);
    const release = await this.releases.findOwned(userId, track.release_id);
    this.releases.assertEditable(release);
    await this.transactions.run(async (m) => {
      await this.lockEditable(m, userId, release.id);
      await m.delete(TrackEntity, { id: track.id, user_id: userId });
      if (track.isrc) await this.releases.giveBackIsrc(m, userId, track.isrc);
      await this.recount(m, release.id);
    });
    await this.uploads.deleteUnreferenced(userId, [track.audio_track]);
  }

  /** The caller's track `audioId`, which must belong to `releaseId` when one is given. Errors: 404 trackNotFound. */
  private async findOwned(userId: number, audioId: number, releaseId?: number): Promise<TrackEntity> {
    const track = await this.tracks.findOne({ where: { id: audioId, user_id: userId } });
    if (!track || (releaseId !== undefined && releaseId !== track.release_id)) throw DomainError.notFound(M.trackNotFound);
    return track;
  }

  /** Inside the transaction: touch the release (moves updated_at) only while it is still editable, so a track change racing a submit either lands before it or fails with 409. */
  private lockEditable(m: EntityManager, userId: number, releaseId: number): Promise<void> {
    return this.releases.updateEditable(m, userId, releaseId, { updated_at: new Date() });
  }

  private async recount(m: EntityManager, releaseId: number): Promise<void> {
    const n = await m.count(TrackEntity, { where: { release_id: releaseId } });
    await m.update(ReleaseEntity, { id: releaseId }, { number_of_tracks: n });
  }

  /** Check what needs the database (price tier for this release type, artists, audio ownership); answer the columns to save. */
  private async trackColumns(userId: number, release: ReleaseEntity, dto: TrackPayload): Promise<TrackColumns> {
    if (!isPriceTierAllowed(release.release_type, dto.price_tier)) throw DomainError.badRequest(M.priceTierNotAllowed);
    await this.artists.assertOwned(userId, dto);
    const audio_track = await this.uploads.assertOwned(userId, dto.audio_track, 'audio');
    return {
      audio_track,
      track_version: dto.track_version,
      instrumental: dto.instrumental,
      title: dto.title,
      version_subtitle: dto.version_subtitle ?? '',
      ...artistSlots(dto),
      author1: dto.author1,
      author2: dto.author2 ?? '',
      author3: dto.author3 ?? '',
      composer1: dto.composer1,
      composer2: dto.composer2 ?? '',
      composer3: dto.composer3 ?? '',
      producer: dto.producer ?? '',
      p_line: dto.p_line,
      production_year: dto.production_year,
      publisher: dto.publisher ?? '',
      isrc_yes_no: dto.isrc_yes_no,
      isrc: dto.isrc ?? '',
      genre: dto.genre,
      subgenre: dto.subgenre,
      price_tier: dto.price_tier,
      explicit_version: dto.explicit_version,
      track_title_language: dto.track_title_language,
      lyrics_language: dto.lyrics_language,
      lyrics: dto.lyrics ?? '',
      caller_tune: dto.caller_tune ?? '',
      destribute_music: dto.destribute_music ?? 'No',
      video_isrc: dto.video_isrc ?? '',
      download_video_link: dto.download_video_link ?? '',
    };
  }
}
