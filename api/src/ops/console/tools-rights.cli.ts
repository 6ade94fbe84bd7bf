import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { opsPromotionAddSchema, rightsDecideSchema, SUBMISSION_KINDS, type RightsDecision, type SubmissionKind } from '@portal/contracts';
import type { CliCommand } from '../../common/cli-command';
import { validateBody } from '../../common/validate';
import { CLI_ACTOR } from '../../audit/audit.service';
import { UsersService } from '../../users/users.service';
import { OpsContentService } from './ops-content.service';
import { OpsDeskService } from './ops-desk.service';

const KINDS = SUBMISSION_KINDS.join('|');
const PROMOTION_USAGE = 'promotion-add <email> "<song>" "<platform>" "<type>" "<playlist name>" <playlist link> <image file>   (also notifies the artist)';
/** Stands for the image in the field check: the file is stored (and checked on its bytes) only once the fields pass. */
const PLACEHOLDER_IMAGE = `${'0'.repeat(32)}.png`;

/** The message of a refused operator input (a DomainError) as a plain Error for the command line. */
async function asOperatorError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error((e as Error).message);
  }
}
const asKind = (k: string | undefined): SubmissionKind => {
  if (!(SUBMISSION_KINDS as readonly string[]).includes(k ?? '')) throw new Error(`kind must be one of ${KINDS}`);
  return k as SubmissionKind;
};

/**
 * Operator commands of the console's tools and rights desk and promotions: a request decided once and a
 * promotion added, through the same services as the console (audited with actor `cli`, the artist's bell told).
 */
export const OPS_TOOLS_RIGHTS_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'tools-review',
    usage: `tools-review <${KINDS}> <id> approved|rejected [reason]   (once, like the console's rights desk; audited, notifies the artist)`,
    // The console's rules and path (docs/decisions/023-staff-desks.md): the desk's schema (a rejection
    // needs a reason), OpsDeskService.decideRights (a decided request cannot flip: alreadyDecided), an
    // audit row with actor cli.
    run: async (app, [kind, id, decision, ...reason]) => {
      const body = await asOperatorError(() => validateBody(rightsDecideSchema, { kind: asKind(kind), id: Number(id), decision, reason: reason.join(' ') }));
      const done = await asOperatorError(() => app.get(OpsDeskService).decideRights(body.kind as SubmissionKind, body.id, body.decision as RightsDecision, body.reason ?? '', CLI_ACTOR));
      return `${done.kind} ${done.id} is ${done.status}${done.reason ? ` (${done.reason})` : ''}`;
    },
  },
  {
    name: 'promotion-add',
    usage: PROMOTION_USAGE,
    run: async (app, [email, song, platform, type, playlistName, playlistLink, imagePath]) => {
      if (!imagePath) throw new Error(PROMOTION_USAGE);
      const user = await app.get(UsersService).findByEmail(email ?? '');
      if (!user) throw new Error(`no user ${email}`);
      // The console's rules and path: the same schema, the image through the same guard, an audit row (actor cli).
      const { user_id, ...input } = await asOperatorError(() =>
        validateBody(opsPromotionAddSchema, { user_id: user.id, song, platform, type, playlist_name: playlistName, playlist_link: playlistLink, image: PLACEHOLDER_IMAGE }),
      );
      const file = isAbsolute(imagePath) ? imagePath : resolve(process.env.INIT_CWD || process.cwd(), imagePath);
      const content = app.get(OpsContentService);
      const image = await asOperatorError(() => content.storePromotionImage(readFileSync(file), CLI_ACTOR));
      const row = await asOperatorError(() => content.addPromotion(user_id, { ...input, image: image.image }, CLI_ACTOR));
      return `promotion ${row.promotion_id} added for ${email} (image ${row.image})`;
    },
  },
];
