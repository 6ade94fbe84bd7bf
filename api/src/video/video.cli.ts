import { VIDEO_STATUSES } from '@portal/contracts';
import type { CliCommand } from '../cli-commands';
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
      return `video ${video.id} is ${video.status}${video.reason ? ` (${video.reason})` : ''}`;
    },
  },
];
