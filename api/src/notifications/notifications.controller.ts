import { Controller } from '@nestjs/common';
import { AUTH_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidQuery } from '../common/http/validation.pipe';
import type { AuthUser } from '../common/request-context';
import { NotificationsService } from './notifications.service';

/** The notification bell (core §2, §7). */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /**
   * GET /api/getNotificationsForUser?offset=<rows> → body `[{ notification_id, notification, created_at (epoch ms) }]`
   * newest first, 20 per page, and `total`. Reading offset 0 clears the "new" badge.
   */
  @Endpoint(E.getNotificationsForUser)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getNotificationsForUser) query: EndpointRequest<typeof E.getNotificationsForUser>) {
    const { rows, total } = await this.notifications.page(user.id, query.offset);
    return ok('Notifications.', { body: rows, total });
  }

  /** GET /api/checkNotificationBell → top-level `notification_icon`: 1 when there are unseen notifications, else 0. */
  @Endpoint(E.checkNotificationBell)
  async bell(@CurrentUser() user: AuthUser) {
    return ok('Notification bell.', { notification_icon: (await this.notifications.hasUnseen(user.id)) ? 1 : 0 });
  }
}
