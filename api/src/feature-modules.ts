import { ReleasesModule } from './releases/releases.module';
import { VideoModule } from './video/video.module';
import { ContentModule } from './content/content.module';
import { ToolsRightsModule } from './tools-rights/tools-rights.module';
import { SupportModule } from './support/support.module';
import { RemoteRegistryModule } from './remote-registry/remote-registry.module';
import { OpsModule } from './ops/ops.module';
import { DistributionModule } from './distribution/distribution.module';
import { RoyaltiesModule } from './royalties/royalties.module';
import { PublicPageModule } from './public-page/public-page.module';

/** Area modules (one per remote) and the remote registry. Each area adds its module here. */
export const FEATURE_MODULES = [ReleasesModule, VideoModule, ContentModule, ToolsRightsModule, SupportModule, RemoteRegistryModule, OpsModule, DistributionModule, RoyaltiesModule, PublicPageModule];
