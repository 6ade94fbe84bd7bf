import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository, type EntityManager } from 'typeorm';
import { SHELL, type NotificationRow } from '@portal/contracts';
import { NotificationEntity } from './notification.entity';

/** A bell row on the wire: created_at in epoch ms. */

/** An in-app path a notification may open: one leading slash, no scheme, no `//`. */
const IN_APP_PATH = /^\/(?!\/)[A-Za-z0-9_\-/?=&]{0,199}$/;


/** The bell (core §2): newest first, pages of 20, a "new" flag until the user opens the list. */
@Injectable()
export class NotificationsService {
  constructor(@InjectRepository(NotificationEntity) private readonly rows: Repository<NotificationEntity>) {}

  /**
   * Add a notification for a user (review outcomes, operator messages). `link`: the in-app page it is
   * about (a path such as `/catalog/12`); anything else is dropped (docs/decisions/017). `m`: the
   * caller's transaction, so the bell row is written (or rolled back) with the action it tells of.
   */
  async notify(userId: number, text: string, link?: string, m?: EntityManager): Promise<void> {
    const path = link && IN_APP_PATH.test(link) ? link : null;
    const row = { user_id: userId, notification: text.slice(0, 1000), seen_at: null, link: path };
    await (m ? m.insert(NotificationEntity, row) : this.rows.insert(row));
  }

  /** One page (offset in rows, page size 20) and the total; reading the first page marks all as seen. */
  async page(userId: number, offset: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const [found, total] = await this.rows.findAndCount({
      where: { user_id: userId },
      order: { id: 'DESC' },
      skip: Math.max(0, Math.floor(offset) || 0),
      take: SHELL.notificationPageSize,
    });
    if (!offset) await this.rows.update({ user_id: userId, seen_at: IsNull() }, { seen_at: new Date() });
    return { rows: found.map((n) => ({ notification_id: n.id, notification: n.notification, created_at: n.created_at.getTime(), link: n.link ?? null })), total };
  }

  /** Whether the bell shows its "new" badge. */
  async hasUnseen(userId: number): Promise<boolean> {
    return (await this.rows.count({ where: { user_id: userId, seen_at: IsNull() } })) > 0;
  }
}
