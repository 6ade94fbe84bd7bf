import { ReleasesModule } from './releases/releases.module';
import { SupportModule } from './support/support.module';

/** Area modules (one per remote). Each area adds its module here. */
export const FEATURE_MODULES = [ReleasesModule, SupportModule];
