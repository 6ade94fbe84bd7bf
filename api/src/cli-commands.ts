import type { CliCommand } from './common/cli-command';
import { RELEASE_CLI_COMMANDS } from './releases/releases.cli';
import { VIDEO_CLI_COMMANDS } from './video/video.cli';
import { TOOLS_RIGHTS_CLI_COMMANDS } from './tools-rights/tools-rights.cli';
import { SUPPORT_CLI_COMMANDS } from './support/support.cli';
import { OPS_CLI_COMMANDS } from './ops/ops.cli';
import { DISTRIBUTION_CLI_COMMANDS } from './distribution/distribution.cli';
import { ROYALTY_CLI_COMMANDS } from './royalties/royalties.cli';
import { JOBS_CLI_COMMANDS } from './jobs/jobs.cli';

export type { CliCommand } from './common/cli-command';

/** Operator commands of the area modules; each area adds its list here (core commands live in cli.ts). */
export const CLI_COMMANDS: CliCommand[] = [...RELEASE_CLI_COMMANDS, ...VIDEO_CLI_COMMANDS, ...TOOLS_RIGHTS_CLI_COMMANDS, ...SUPPORT_CLI_COMMANDS, ...OPS_CLI_COMMANDS, ...DISTRIBUTION_CLI_COMMANDS, ...ROYALTY_CLI_COMMANDS, ...JOBS_CLI_COMMANDS];
