import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { HistoryQueryDto, UgcClaimDto, UgcClaimRow } from '@portal/contracts';
import { historyPage } from '../shared/history-page';
import { ReleaseOptionsQuery } from '../../releases/catalog/release-options.query';
import { audioColumns, audioRow } from '../shared/submission.columns';
import { UgcClaimEntity } from './ugc-claim.entity';

/** UGC claims (areas §2 Rights screen, UGC mode; §3; §5). */
@Injectable()
export class UgcClaimsService {
  constructor(
    @InjectRepository(UgcClaimEntity) private readonly rows: Repository<UgcClaimEntity>,
    private readonly options: ReleaseOptionsQuery,
  ) {}

  /**
   * Store a validated claim as in_review with the server's titles for the ids (the spec payload's
   * release_title / audio_title are not trusted). URLs arrive normalised and distinct from the schema.
   * Errors: 404 releaseNotFound / audioNotFound.
   */
  async submit(userId: number, dto: UgcClaimDto): Promise<{ id: number }> {
    const { release, audio } = await this.options.ownedAudio(userId, dto.release_id!, dto.audio_id!);
    const saved = await this.rows.save(
      this.rows.create({
        ...audioColumns(userId, release, audio),
        platform: dto.platform,
        policy: dto.policy,
        url: dto.url ?? [],
      }),
    );
    return { id: saved.id };
  }

  /** One page of the caller's claims, newest first, and their total. */
  history(userId: number, query: HistoryQueryDto): Promise<{ rows: UgcClaimRow[]; total: number }> {
    return historyPage(this.rows, userId, query, (e) => ({ ...audioRow(e), platform: e.platform, policy: e.policy, url: e.url }));
  }
}
