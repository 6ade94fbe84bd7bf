import { Command } from 'nest-commander';
import { newsItemSchema, videoLinkSchema } from '@portal/contracts';
import { OperatorCommand } from '../../common/cli/operator-command';
import { DomainError } from '../../common/domain-error';
import { validateBody } from '../../common/validate';
import { CLI_ACTOR } from '../../audit/audit.service';
import { OpsContentService } from './ops-content.service';
import { ContentService } from '../../content/content.service';

const positiveId = (raw: string | undefined, usage: string): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Error(usage);
  return id;
};
/** The message of a refused operator input (the DomainError of validateBody) as a plain Error. */
async function validated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error((e as Error).message);
  }
}

const NEWS_USAGE = 'news add "<heading>" <http(s) link> | news list | news remove <id>';
const VIDEO_USAGE = 'video-link add <youtube id or link> ["<title>"] | video-link list | video-link remove <id>';

/*
 * Operator commands of the dashboard content (areas §2 Dashboard): the News and Updates lists. Writes go
 * through the console's OpsContentService, so each is audited (actor `cli`) like a console change; they
 * live with the console (not the content module), which they drive.
 */

/** `news add "<heading>" <link> | news list | news remove <id>`: the dashboard's News list (list: `id  heading  link` a line). */
@Command({ name: 'news', arguments: '<action> [args...]', description: `the dashboard's News: ${NEWS_USAGE}` })
export class NewsCommand extends OperatorCommand {
  constructor(
    private readonly content: ContentService,
    private readonly ops: OpsContentService,
  ) {
    super();
  }

  async answer([action, ...args]: string[]): Promise<string> {
    if (action === 'add') {
      const dto = await validated(() => validateBody(newsItemSchema, { news_heading: args[0], news_link: args[1] }));
      return `news ${await this.ops.addNews(dto, CLI_ACTOR)} added`;
    }
    if (action === 'list') {
      const { rows } = await this.content.listNews({ limit: 100, offset: 0 });
      return rows.map((n) => `${n.news_id}\t${n.news_heading}\t${n.news_link}`).join('\n') || '(no news)';
    }
    if (action === 'remove') {
      const id = positiveId(args[0], NEWS_USAGE);
      await this.ops.removeNews(id, CLI_ACTOR).catch((e: unknown) => {
        throw e instanceof DomainError && e.httpStatus === 404 ? new Error(`no news ${id}`) : e;
      });
      return `news ${id} removed`;
    }
    throw new Error(NEWS_USAGE);
  }
}

/** `video-link add <youtube id or link> ["<title>"] | video-link list | video-link remove <id>`: the dashboard's Updates videos. */
@Command({ name: 'video-link', arguments: '<action> [args...]', description: `the dashboard's videos: ${VIDEO_USAGE}` })
export class VideoLinkCommand extends OperatorCommand {
  constructor(
    private readonly content: ContentService,
    private readonly ops: OpsContentService,
  ) {
    super();
  }

  async answer([action, ...args]: string[]): Promise<string> {
    if (action === 'add') {
      const dto = await validated(() => validateBody(videoLinkSchema, { video_link: args[0], title: args.slice(1).join(' ') }));
      return `video link ${await this.ops.addVideoLink(dto, CLI_ACTOR)} added (${dto.video_link})`;
    }
    if (action === 'list') {
      const { rows } = await this.content.listVideoLinks({ limit: 100, offset: 0 });
      return rows.map((v) => `${v.video_link_id}\t${v.video_link}\t${v.title}`).join('\n') || '(no videos)';
    }
    if (action === 'remove') {
      const id = positiveId(args[0], VIDEO_USAGE);
      await this.ops.removeVideoLink(id, CLI_ACTOR).catch((e: unknown) => {
        throw e instanceof DomainError && e.httpStatus === 404 ? new Error(`no video link ${id}`) : e;
      });
      return `video link ${id} removed`;
    }
    throw new Error(VIDEO_USAGE);
  }
}

export const OPS_CONTENT_COMMANDS = [NewsCommand, VideoLinkCommand];
