import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationEntity } from './notification.entity';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { NOTIFICATIONS_COMMANDS } from './notifications.cli';

/** Core module: the bell. Other modules call NotificationsService.notify. */
@Global()
@Module({ imports: [TypeOrmModule.forFeature([NotificationEntity])], controllers: [NotificationsController], providers: [NotificationsService, ...NOTIFICATIONS_COMMANDS], exports: [NotificationsService] })
export class NotificationsModule {}
