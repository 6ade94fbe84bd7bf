import { fillMessage, RELEASE_MESSAGES, RELEASE_STATUS_LABEL } from '@portal/contracts';
import type { CliCommand } from '../cli-commands';
import { NotificationsService } from '../notifications/notifications.service';
import { CatalogSeeder } from './catalog-seeder';
import { ReleasesService, type ReviewOutcome } from './releases.service';
import { UploadsService } from './uploads.service';

/** Operator commands of the releases area (until an admin area exists). */
export const RELEASE_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'review',
    usage: 'review <release_id> approved|rejected|takendown [reason]   (also notifies the artist)',
    run: async (app, [id, outcome, ...reason]) => {
      const releaseId = Number(id);
      if (!Number.isInteger(releaseId) || releaseId <= 0) throw new Error('review <release_id> approved|rejected|takendown [reason]');
      const release = await app.get(ReleasesService).review(releaseId, outcome as ReviewOutcome, reason.join(' '));
      await app.get(NotificationsService).notify(
        release.user_id,
        fillMessage(RELEASE_MESSAGES.reviewNotification, { title: release.release_title, status: RELEASE_STATUS_LABEL[release.status], reason: release.reason ? ` ${release.reason}` : '' }),
      );
      return `release ${release.id} is ${release.status}${release.reason ? ` (${release.reason})` : ''}`;
    },
  },
  {
    name: 'seed-catalog',
    usage: 'seed-catalog <users> <releases per user> [tokens]   (synthetic catalogue for benchmarks; prints JSON)',
    run: async (app, [users = '1000', perUser = '100', tokens = '0']) => {
      const n = [users, perUser, tokens].map(Number);
      if (n.some((x) => !Number.isInteger(x) || x < 0)) throw new Error('seed-catalog <users> <releases per user> [tokens]');
      return JSON.stringify(await app.get(CatalogSeeder).seed(n[0], n[1], n[2]));
    },
  },
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
