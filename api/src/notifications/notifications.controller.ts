import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/envelope';
import type { AuthUser } from '../common/request-context';
import { CurrentUser } from '../common/auth.decorators';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /**
   * GET /api/getNotificationsForUser?offset=<rows> → body `[{ notification_id, notification, created_at (epoch ms) }]`
   * newest first, 20 per page, and `total` (core §2 bell, §7). Reading offset 0 clears the "new" badge.
   */
  @Get('getNotificationsForUser')
  @ApiOperation({ summary: 'A page of the caller’s notifications (20 per page)' })
  @ApiQuery({ name: 'offset', required: false })
  async list(@CurrentUser() user: AuthUser, @Query('offset') offset?: string) {
    const { rows, total } = await this.notifications.page(user.id, Number(offset) || 0);
    return ok('Notifications.', { body: rows, total });
  }

  /** GET /api/checkNotificationBell → top-level `notification_icon`: 1 when there are unseen notifications, else 0. */
  @Get('checkNotificationBell')
  @ApiOperation({ summary: 'Whether the bell shows the "new" badge' })
  async bell(@CurrentUser() user: AuthUser) {
    return ok('Notification bell.', { notification_icon: (await this.notifications.hasUnseen(user.id)) ? 1 : 0 });
  }
}
