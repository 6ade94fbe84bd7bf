import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { HistoryQueryDto, LyricsDto, LyricsRow } from '@portal/contracts';
import { historyPage } from '../shared/history-page';
import { ReleaseOptionsQuery } from '../../releases/catalog/release-options.query';
import { audioColumns, audioRow } from '../shared/submission.columns';
import { LyricsEntity } from './lyrics.entity';
import { LrcUploadsService } from './lrc-uploads.service';

/** Lyrics submissions (areas §2 Distribute Lyrics, §3, §5; docs/decisions/005: language list, ISWC, LRC). */
@Injectable()
export class LyricsService {
  constructor(
    @InjectRepository(LyricsEntity) private readonly rows: Repository<LyricsEntity>,
    private readonly options: ReleaseOptionsQuery,
    private readonly lrc: LrcUploadsService,
  ) {}

  /**
   * Store validated lyrics as in_review (ISWC already in its canonical form); the LRC file must be
   * the caller's upload. Errors: 404 releaseNotFound / audioNotFound, 400 lrcUnknown.
   */
  async submit(userId: number, dto: LyricsDto): Promise<{ id: number }> {
    const { release, audio } = await this.options.ownedAudio(userId, dto.release_id!, dto.audio_id!);
    const lrcLink = await this.lrc.assertOwned(userId, dto.lrc_link);
    const saved = await this.rows.save(
      this.rows.create({
        ...audioColumns(userId, release, audio),
        lyrics_language: dto.lyrics_language,
        p_rights: dto.p_rights,
        iswc: dto.iswc,
        lrc_link: lrcLink,
        lyrics: dto.lyrics,
      }),
    );
    return { id: saved.id };
  }

  /** One page of the caller's lyrics submissions, newest first, and their total. */
  history(userId: number, query: HistoryQueryDto): Promise<{ rows: LyricsRow[]; total: number }> {
    return historyPage(this.rows, userId, query, (e) => ({
      ...audioRow(e),
      lyrics_language: e.lyrics_language,
      p_rights: e.p_rights,
      iswc: e.iswc,
      lrc_link: e.lrc_link,
      lyrics: e.lyrics,
    }));
  }
}
