import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fillMessage, SUBMISSION_KINDS, TOOLS_MESSAGES as M, type SubmissionKind } from '@portal/contracts';
import type { CliCommand } from '../cli-commands';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersService } from '../users/users.service';
import { PromotionsService } from './promotions/promotions.service';
import { SubmissionReviewService, type ReviewOutcome } from './shared/submission-review.service';

const KINDS = SUBMISSION_KINDS.join('|');
const asKind = (k: string | undefined): SubmissionKind => {
  if (!(SUBMISSION_KINDS as readonly string[]).includes(k ?? '')) throw new Error(`kind must be one of ${KINDS}`);
  return k as SubmissionKind;
};

/** Operator commands of the tools, rights and promotions area (until an admin area exists). */
export const TOOLS_RIGHTS_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'tools-review',
    usage: `tools-review <${KINDS}> <id> approved|rejected|in_review [reason]   (also notifies the artist)`,
    run: async (app, [kind, id, status, ...reason]) => {
      const n = Number(id);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`tools-review <${KINDS}> <id> approved|rejected [reason]`);
      const done = await app.get(SubmissionReviewService).review(asKind(kind), n, status as ReviewOutcome, reason.join(' '));
      return `${done.kind} ${done.id} is ${done.status}${done.reason ? ` (${done.reason})` : ''}`;
    },
  },
  {
    name: 'tools-pending',
    usage: `tools-pending <${KINDS}>   (submissions in review, oldest first)`,
    run: async (app, [kind]) => {
      const rows = await app.get(SubmissionReviewService).pending(asKind(kind));
      return rows.length ? rows.map((r) => `${r.id}\tuser ${r.user_id}\t${r.date.toISOString()}\t${r.title}`).join('\n') : 'nothing in review';
    },
  },
  {
    name: 'promotion-add',
    usage: 'promotion-add <email> "<song>" "<platform>" "<type>" "<playlist name>" <playlist link> <image file>   (also notifies the artist)',
    run: async (app, [email, song, platform, type, playlistName, playlistLink, imagePath]) => {
      if (!imagePath) throw new Error('promotion-add <email> "<song>" "<platform>" "<type>" "<playlist name>" <playlist link> <image file>');
      const user = await app.get(UsersService).findByEmail(email ?? '');
      if (!user) throw new Error(`no user ${email}`);
      const file = isAbsolute(imagePath) ? imagePath : resolve(process.env.INIT_CWD || process.cwd(), imagePath);
      const row = await app.get(PromotionsService).add(user.id, { song, platform, type, playlist_name: playlistName, playlist_link: playlistLink, image: readFileSync(file) });
      await app.get(NotificationsService).notify(user.id, fillMessage(M.promotionNotification, { song: row.song, platform: row.platform, type: row.type }));
      return `promotion ${row.id} added for ${email} (image ${row.image})`;
    },
  },
];
