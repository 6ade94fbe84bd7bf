import { Module, type Type } from '@nestjs/common';
import type { OperatorCommand } from './common/cli/operator-command';
import { SUPPORT_COMMANDS } from './support/support.cli';
import { NOTIFICATIONS_COMMANDS } from './notifications/notifications.cli';
import { RELEASES_COMMANDS } from './releases/releases.cli';
import { VIDEO_COMMANDS } from './video/video.cli';
import { TOOLS_RIGHTS_COMMANDS } from './tools-rights/tools-rights.cli';
import { OPS_COMMANDS } from './ops/ops.cli';
import { DISTRIBUTION_COMMANDS } from './distribution/distribution.cli';
import { ROYALTIES_COMMANDS } from './royalties/royalties.cli';
import { JOBS_COMMANDS } from './jobs/jobs.cli';
import { SealRotateCommand } from './database/sealing.cli';
import { XmlTextScanCommand } from './database/xml-text-scan';
import { BACKUP_COMMANDS } from './backup/backup.cli';
import { PUBLIC_PAGE_COMMANDS } from './public-page/public-page.cli';

/**
 * Every operator command of `npm run cli -w @portal/api` (docs/decisions/036-cli.md). Each is a provider of
 * its own module (where its services are injected); this list only feeds the help context below and the
 * test that every command answers `--help`. A new command goes into its module's `*.cli.ts` list.
 */
export const OPERATOR_COMMANDS: Array<Type<OperatorCommand>> = [
  ...SUPPORT_COMMANDS,
  ...NOTIFICATIONS_COMMANDS,
  ...RELEASES_COMMANDS,
  ...VIDEO_COMMANDS,
  ...TOOLS_RIGHTS_COMMANDS,
  ...OPS_COMMANDS,
  ...DISTRIBUTION_COMMANDS,
  ...ROYALTIES_COMMANDS,
  ...JOBS_COMMANDS,
  SealRotateCommand,
  XmlTextScanCommand,
  ...BACKUP_COMMANDS,
  ...PUBLIC_PAGE_COMMANDS,
];

/**
 * The context of the command list and of `--help`: every command class as a stand-in without its services
 * (its declaration is all help reads), so neither opens the database, Redis or the file store.
 */
@Module({ providers: OPERATOR_COMMANDS.map((command) => ({ provide: command, useValue: Object.create(command.prototype) as OperatorCommand })) })
export class CommandsHelpModule {}
