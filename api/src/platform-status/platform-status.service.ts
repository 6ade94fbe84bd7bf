import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AwayStatus } from '@portal/contracts';
import { SettingEntity } from './setting.entity';

const AWAY_STATUS = 'away_status';
const AWAY_TEXT = 'away_text';
const PORTAL_URL = 'portal_url';

/** Away / maintenance mode (core §6): when on, release creation is blocked with the server's text. */
@Injectable()
export class PlatformStatusService {
  constructor(@InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>) {}

  async away(): Promise<AwayStatus> {
    const rows = await this.settings.find();
    const get = (k: string) => rows.find((r) => r.key === k)?.value ?? '';
    return { status: get(AWAY_STATUS) === 'yes' ? 'yes' : 'no', text: get(AWAY_TEXT) };
  }
  async setAway(on: boolean, text = ''): Promise<void> {
    await this.settings.save([
      { key: AWAY_STATUS, value: on ? 'yes' : 'no' },
      { key: AWAY_TEXT, value: text },
    ]);
  }

  /**
   * Record the portal URL the server mails links with, for operator commands run without PORTAL_URL (decision 022).
   * One upsert statement: instances starting at once on a fresh database each write it (a read-then-insert
   * `save` let the second fail on the duplicate key and stop the instance; decision 018).
   */
  async publishPortalUrl(url: string): Promise<void> {
    await this.settings.upsert({ key: PORTAL_URL, value: url }, ['key']);
  }

  /** The portal URL the server last published, or null. */
  async publishedPortalUrl(): Promise<string | null> {
    return (await this.settings.findOne({ where: { key: PORTAL_URL } }))?.value || null;
  }
}
