import { ReleasesModule } from './releases/releases.module';
import { RemoteRegistryModule } from './remote-registry/remote-registry.module';

/** Area modules (one per remote). Each area adds its module here. */
export const FEATURE_MODULES = [ReleasesModule, RemoteRegistryModule];
