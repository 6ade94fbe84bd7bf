import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { TOOLS_MESSAGES as M, type HistoryQueryDto, type WhitelistDto, type WhitelistRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { historyPage } from '../shared/history-page';
import { baseRow } from '../shared/submission.columns';
import { WhitelistEntity } from './whitelist.entity';

/** Whitelist (allowlist) requests (areas §2 Rights screen, whitelist mode; §3; §5). */
@Injectable()
export class WhitelistService {
  constructor(@InjectRepository(WhitelistEntity) private readonly rows: Repository<WhitelistEntity>) {}

  /** Store a validated request as in_review; answers its id. Errors: 409 alreadyRequested (same platform and URL already in review). */
  async submit(userId: number, dto: WhitelistDto): Promise<{ id: number }> {
    if (await this.rows.exists({ where: { user_id: userId, platform: dto.platform, url: dto.URL, status: 'in_review' } })) throw DomainError.conflict(M.alreadyRequested, 'already_requested');
    const saved = await this.rows.save(this.rows.create({ user_id: userId, platform: dto.platform, channel_type: dto.channel_type, channel_name: dto.channel_name, url: dto.URL }));
    return { id: saved.id };
  }

  /** One page of the caller's requests, newest first, and their total (`URL` spelt as the spec's payload). */
  history(userId: number, query: HistoryQueryDto): Promise<{ rows: WhitelistRow[]; total: number }> {
    return historyPage(this.rows, userId, query, (e) => ({ ...baseRow(e), platform: e.platform, channel_type: e.channel_type, channel_name: e.channel_name, URL: e.url }));
  }
}
