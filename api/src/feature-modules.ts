import { ReleasesModule } from './releases/releases.module';
import { ToolsRightsModule } from './tools-rights/tools-rights.module';

/** Area modules (one per remote). Each area adds its module here. */
export const FEATURE_MODULES = [ReleasesModule, ToolsRightsModule];
