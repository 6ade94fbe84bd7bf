import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformStatusService } from './platform-status.service';
import { SettingEntity } from './setting.entity';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([SettingEntity])], providers: [PlatformStatusService], exports: [PlatformStatusService] })
export class PlatformStatusModule {}
