import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { TOOLS_MESSAGES as M, type HistoryQueryDto, type PitchPlaylistDto, type PlaylistPitchRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { historyPage } from '../shared/history-page';
import { ReleaseOptionsQuery } from '../../releases/catalog/release-options.query';
import { audioColumns, audioRow } from '../shared/submission.columns';
import { PlaylistPitchEntity } from './playlist-pitch.entity';

/** Playlist pitches (areas §2 Playlist Pitchment, §3, §4 moods, §5, §9). */
@Injectable()
export class PlaylistPitchService {
  constructor(
    @InjectRepository(PlaylistPitchEntity) private readonly rows: Repository<PlaylistPitchEntity>,
    private readonly options: ReleaseOptionsQuery,
  ) {}

  /**
   * Store a validated pitch as in_review; answers its id. Only an upcoming release can be pitched
   * (release_date after `now`, epoch ms), and an audio once unless its earlier pitch was rejected.
   * Errors: 404 releaseNotFound / audioNotFound, 400 notUpcoming, 409 alreadyPitched.
   */
  async submit(userId: number, dto: PitchPlaylistDto, now = Date.now()): Promise<{ id: number }> {
    const { release, audio } = await this.options.ownedAudio(userId, dto.release_id!, dto.audio_id!);
    if (!(release.release_date > now)) throw DomainError.badRequest(M.notUpcoming, 'not_upcoming');
    if (await this.rows.exists({ where: { user_id: userId, audio_id: audio.id, status: In(['in_review', 'approved']) } })) throw DomainError.conflict(M.alreadyPitched, 'already_pitched');
    const saved = await this.rows.save(
      this.rows.create({
        ...audioColumns(userId, release, audio),
        press_release: dto.press_release ?? [],
        social_media: dto.social_media ?? [],
        artwork_asset: dto.artwork_asset,
        additional_assets: dto.additional_assets,
        moods: dto.moods ?? [],
        why_pitch: dto.why_pitch,
        quick_pitch: dto.quick_pitch,
        additional_info: dto.additional_info,
      }),
    );
    return { id: saved.id };
  }

  /** One page of the caller's pitches, newest first, and their total. */
  history(userId: number, query: HistoryQueryDto): Promise<{ rows: PlaylistPitchRow[]; total: number }> {
    return historyPage(this.rows, userId, query, (e) => ({
      ...audioRow(e),
      press_release: e.press_release,
      social_media: e.social_media,
      artwork_asset: e.artwork_asset,
      additional_assets: e.additional_assets,
      moods: e.moods,
      why_pitch: e.why_pitch,
      quick_pitch: e.quick_pitch,
      additional_info: e.additional_info,
    }));
  }
}
