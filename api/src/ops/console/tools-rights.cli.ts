import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Command } from 'nest-commander';
import { opsPromotionAddSchema, rightsDecideSchema, SUBMISSION_KINDS, type RightsDecision, type SubmissionKind } from '@portal/contracts';
import { OperatorCommand } from '../../common/cli/operator-command';
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
 * `tools-review <kind> <id> approved|rejected [reason...]`: decide a tools or rights request once, like
 * the console's rights desk (docs/decisions/023-staff-desks.md): the desk's schema (a rejection needs a
 * reason), OpsDeskService.decideRights (a decided request cannot flip: alreadyDecided), an audit row with
 * actor cli, the artist's bell. Prints `<kind> <id> is <status>[ (<reason>)]`.
 */
@Command({ name: 'tools-review', arguments: '<kind> <id> <decision> [reason...]', description: `decide a request once (approved|rejected), like the console's rights desk; kind: ${KINDS}; audited, notifies the artist` })
export class ToolsReviewCommand extends OperatorCommand {
  constructor(private readonly desk: OpsDeskService) {
    super();
  }

  async answer([kind, id, decision, ...reason]: string[]): Promise<string> {
    const body = await asOperatorError(() => validateBody(rightsDecideSchema, { kind: asKind(kind), id: Number(id), decision, reason: reason.join(' ') }));
    const done = await asOperatorError(() => this.desk.decideRights(body.kind as SubmissionKind, body.id, body.decision as RightsDecision, body.reason ?? '', CLI_ACTOR));
    return `${done.kind} ${done.id} is ${done.status}${done.reason ? ` (${done.reason})` : ''}`;
  }
}

/**
 * `promotion-add <email> "<song>" "<platform>" "<type>" "<playlist name>" <playlist link> <image file>`:
 * add a promotion for an artist through the console's rules and path (the same schema, the image through
 * the same guard, an audit row with actor cli) and notify them. Prints `promotion <id> added for <email> (image <file>)`.
 */
@Command({
  name: 'promotion-add',
  arguments: '<email> <song> <platform> <type> <playlist_name> <playlist_link> <image_file>',
  description: 'add a promotion for an artist (also notifies the artist); quote the texts with spaces',
})
export class PromotionAddCommand extends OperatorCommand {
  constructor(
    private readonly users: UsersService,
    private readonly content: OpsContentService,
  ) {
    super();
  }

  async answer([email, song, platform, type, playlistName, playlistLink, imagePath]: string[]): Promise<string> {
    if (!imagePath) throw new Error(PROMOTION_USAGE);
    const user = await this.users.findByEmail(email ?? '');
    if (!user) throw new Error(`no user ${email}`);
    const { user_id, ...input } = await asOperatorError(() =>
      validateBody(opsPromotionAddSchema, { user_id: user.id, song, platform, type, playlist_name: playlistName, playlist_link: playlistLink, image: PLACEHOLDER_IMAGE }),
    );
    const file = isAbsolute(imagePath) ? imagePath : resolve(process.env.INIT_CWD || process.cwd(), imagePath);
    const image = await asOperatorError(() => this.content.storePromotionImage(readFileSync(file), CLI_ACTOR));
    const row = await asOperatorError(() => this.content.addPromotion(user_id, { ...input, image: image.image }, CLI_ACTOR));
    return `promotion ${row.promotion_id} added for ${email} (image ${row.image})`;
  }
}

/** Operator commands of the console's tools and rights desk and promotions, through the same services as the console. */
export const OPS_TOOLS_RIGHTS_COMMANDS = [ToolsReviewCommand, PromotionAddCommand];
