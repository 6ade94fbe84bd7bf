import { Command } from 'nest-commander';
import { OperatorCommand } from '../common/cli/operator-command';
import { UploadsService } from './uploads/uploads.service';

/** `purge-uploads [hours=48]`: delete uploads older than that which no release or track uses; prints the count. */
@Command({ name: 'purge-uploads', arguments: '[hours]', description: 'delete uploads older than hours (default 48, at least 1) which no release or track uses' })
export class PurgeUploadsCommand extends OperatorCommand {
  constructor(private readonly uploads: UploadsService) {
    super();
  }

  async answer([hours = '48']: string[]): Promise<string> {
    const h = Number(hours);
    if (!Number.isFinite(h) || h < 1) throw new Error('purge-uploads [hours ≥ 1]');
    return `${await this.uploads.purgeAbandoned(h)} abandoned upload(s) deleted`;
  }
}

/** Operator commands of the releases area, providers of ReleasesModule. */
export const RELEASES_COMMANDS = [PurgeUploadsCommand];
