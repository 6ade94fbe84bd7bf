import { Command } from 'nest-commander';
import { VIDEO_STATUSES } from '@portal/contracts';
import { AuditService, CLI_ACTOR } from '../audit/audit.service';
import { OperatorCommand } from '../common/cli/operator-command';
import { ThumbnailsService } from './thumbnails.service';
import { VideoReleasesService } from './video-releases.service';

/**
 * `video-status <video_id> <status> [reason...]`: set a video release's status (a rejection needs a
 * reason), notify the artist, audit it as actor `cli` (docs/decisions/008) like the console. Prints
 * `video <id> is <status>[ (<reason>)]`.
 */
@Command({
  name: 'video-status',
  arguments: '<video_id> <status> [reason...]',
  description: `set a video release's status: ${VIDEO_STATUSES.join('|')} (reason required for rejected; notifies the artist)`,
})
export class VideoStatusCommand extends OperatorCommand {
  constructor(
    private readonly videos: VideoReleasesService,
    private readonly audit: AuditService,
  ) {
    super();
  }

  async answer([id, status, ...reason]: string[]): Promise<string> {
    const videoId = Number(id);
    if (!Number.isInteger(videoId) || videoId <= 0 || !status) throw new Error(`video-status <video_id> ${VIDEO_STATUSES.join('|')} [reason]`);
    const video = await this.videos.setStatus(videoId, status, reason.join(' '));
    // Staff actions are audited (docs/decisions/008), from the console and from this command alike.
    await this.audit.record(CLI_ACTOR, `video.${video.status}`, 'video', video.id, null, { status: video.status, reason: video.reason });
    return `video ${video.id} is ${video.status}${video.reason ? ` (${video.reason})` : ''}`;
  }
}

/** `purge-thumbnails [hours=48]`: delete video thumbnails older than that which no video release uses; prints the count. */
@Command({ name: 'purge-thumbnails', arguments: '[hours]', description: 'delete video thumbnails older than hours (default 48) which no video release uses' })
export class PurgeThumbnailsCommand extends OperatorCommand {
  constructor(private readonly thumbnails: ThumbnailsService) {
    super();
  }

  async answer([hours = '48']: string[]): Promise<string> {
    const h = Number(hours);
    if (!Number.isFinite(h) || h < 0) throw new Error('purge-thumbnails [hours ≥ 0]');
    return `${await this.thumbnails.purgeAbandoned(h)} abandoned thumbnail(s) deleted`;
  }
}

/** Operator commands of the video area, providers of VideoModule. */
export const VIDEO_COMMANDS = [VideoStatusCommand, PurgeThumbnailsCommand];
