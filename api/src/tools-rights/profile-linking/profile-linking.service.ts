import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { HistoryQueryDto, ProfileLinkingDto, ProfileLinkingRow } from '@portal/contracts';
import { historyPage } from '../shared/history-page';
import { ReleaseOptionsQuery } from '../../releases/catalog/release-options.query';
import { audioColumns, audioRow } from '../shared/submission.columns';
import { ProfileLinkingEntity } from './profile-linking.entity';

/** Profile linking requests (areas §2 Profile Linking, §3, §5). */
@Injectable()
export class ProfileLinkingService {
  constructor(
    @InjectRepository(ProfileLinkingEntity) private readonly rows: Repository<ProfileLinkingEntity>,
    private readonly options: ReleaseOptionsQuery,
  ) {}

  /** Store a validated request as in_review; answers its id. Errors: 404 releaseNotFound / audioNotFound. */
  async submit(userId: number, dto: ProfileLinkingDto): Promise<{ id: number }> {
    const { release, audio } = await this.options.ownedAudio(userId, dto.release_id!, dto.audio_id!);
    const saved = await this.rows.save(
      this.rows.create({
        ...audioColumns(userId, release, audio),
        artist: dto.artist,
        facebook_link: dto.facebook_link,
        instagram_link: dto.instagram_link,
      }),
    );
    return { id: saved.id };
  }

  /** One page of the caller's requests, newest first, and their total. */
  history(userId: number, query: HistoryQueryDto): Promise<{ rows: ProfileLinkingRow[]; total: number }> {
    return historyPage(this.rows, userId, query, (e) => ({ ...audioRow(e), artist: e.artist, facebook_link: e.facebook_link, instagram_link: e.instagram_link }));
  }
}
