import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleasesModule } from '../releases/releases.module';
import { StaffModule } from '../staff/staff.module';
import { StorageModule } from '../storage/storage.module';
import { VideoModule } from '../video/video.module';
import { DistributionController, OpsDistributionController } from './distribution.controllers';
import { DdexService } from './ddex/ddex.service';
import { QcService } from './qc/qc.service';
import { UploadQcEntity } from './qc/upload-qc.entity';
import { DELIVERY_ENTITIES } from './delivery/delivery.entities';
import { DeliveryService } from './delivery/delivery.service';
import { DeliveryController, OpsDeliveryController, OpsDeliveryTargetsController } from './delivery/delivery.controllers';
import { DISTRIBUTION_COMMANDS } from './distribution.cli';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { AcknowledgementsService } from './acknowledgements/acknowledgements.service';
import { StoreStatesService } from './store-status/store-states.service';
import { OpsStoreLoopController, OpsTargetFeedController, StoreStatesController } from './store-status/store-loop.controllers';
import { OpsDeliveryDeskController } from './desk/delivery-desk.controller';
import { DeliveryDeskService } from './desk/delivery-desk.service';

/**
 * The distribution engine (docs/decisions/020-distribution-engine.md): store QC of uploads (a job per
 * audio file), the ERN 4.3 message of approved releases, per-store delivery (SFTP and S3 batches), and the loop
 * back from the stores (acknowledgements, store states, test/live feeds: docs/decisions/041). Talks to the
 * releases area only through its exported services.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UploadQcEntity, ...DELIVERY_ENTITIES]), ReleasesModule, StaffModule, StorageModule, VideoModule, NotificationsModule, UsersModule],
  controllers: [DistributionController, OpsDistributionController, DeliveryController, OpsDeliveryController, OpsDeliveryTargetsController, StoreStatesController, OpsStoreLoopController, OpsTargetFeedController, OpsDeliveryDeskController],
  providers: [QcService, DdexService, DeliveryService, AcknowledgementsService, StoreStatesService, DeliveryDeskService, ...DISTRIBUTION_COMMANDS],
  exports: [QcService, DdexService, DeliveryService, DeliveryDeskService],
})
export class DistributionModule {}
