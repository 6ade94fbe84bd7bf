import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SignedLinks } from './signed-links';

/** The one SignedLinks of the app (docs/decisions/026), keyed by the server's secret, for every module that links private files. */
@Global()
@Module({
  providers: [{ provide: SignedLinks, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SignedLinks(config.jwtSecret) }],
  exports: [SignedLinks],
})
export class SignedLinksModule {}
