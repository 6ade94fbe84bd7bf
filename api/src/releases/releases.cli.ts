import { fillMessage, RELEASE_MESSAGES, RELEASE_STATUS_LABEL } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { NotificationsService } from '../notifications/notifications.service';
import { ReleasesService, type ReviewOutcome } from './release-info/releases.service';
import { UploadsService } from './uploads/uploads.service';

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
    name: 'purge-uploads',
    usage: 'purge-uploads [hours=48]   (delete uploads older than that which no release or track uses)',
    run: async (app, [hours = '48']) => {
      const h = Number(hours);
      if (!Number.isFinite(h) || h < 1) throw new Error('purge-uploads [hours ≥ 1]');
      return `${await app.get(UploadsService).purgeAbandoned(h)} abandoned upload(s) deleted`;
    },
  },
];
