import { AuditService, CLI_ACTOR } from '../audit/audit.service';
import { VIDEO_STATUSES } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { ThumbnailsService } from './thumbnails.service';
import { VideoReleasesService } from './video-releases.service';

/** Operator commands of the video area (until an admin area exists). */
export const VIDEO_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'video-status',
    usage: `video-status <video_id> ${VIDEO_STATUSES.join('|')} [reason]   (reason required for rejected; notifies the artist)`,
    run: async (app, [id, status, ...reason]) => {
      const videoId = Number(id);
      if (!Number.isInteger(videoId) || videoId <= 0 || !status) throw new Error(`video-status <video_id> ${VIDEO_STATUSES.join('|')} [reason]`);
      const video = await app.get(VideoReleasesService).setStatus(videoId, status, reason.join(' '));
      // Staff actions are audited (docs/decisions/008), from the console and from this command alike.
      await app.get(AuditService).record(CLI_ACTOR, `video.${video.status}`, 'video', video.id, null, { status: video.status, reason: video.reason });
      return `video ${video.id} is ${video.status}${video.reason ? ` (${video.reason})` : ''}`;
    },
  },
  {
    name: 'purge-thumbnails',
    usage: 'purge-thumbnails [hours=48]   (delete video thumbnails older than that which no video release uses)',
    run: async (app, [hours = '48']) => {
      const h = Number(hours);
      if (!Number.isFinite(h) || h < 0) throw new Error('purge-thumbnails [hours ≥ 0]');
      return `${await app.get(ThumbnailsService).purgeAbandoned(h)} abandoned thumbnail(s) deleted`;
    },
  },
];
