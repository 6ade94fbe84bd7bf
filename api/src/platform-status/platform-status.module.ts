import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformStatusController } from './platform-status.controller';
import { PlatformStatusService } from './platform-status.service';
import { SettingEntity } from './setting.entity';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SettingEntity])],
  controllers: [PlatformStatusController],
  providers: [PlatformStatusService],
  exports: [PlatformStatusService],
})
export class PlatformStatusModule {}
