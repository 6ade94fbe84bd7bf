import type { CliCommand } from '../common/cli-command';
import { UploadsService } from './uploads/uploads.service';

/** Operator commands of the releases area (until an admin area exists). */
export const RELEASE_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'purge-uploads',
    usage: 'purge-uploads [hours=48]   (delete uploads older than that which no release or track uses)',
    run: async (app, [hours = '48']) => {
      const h = Number(hours);
      if (!Number.isFinite(h) || h < 1) throw new Error('purge-uploads [hours ≥ 1]');
      return `${await app.get(UploadsService).purgeAbandoned(h)} abandoned upload(s) deleted`;
    },
  },
];
