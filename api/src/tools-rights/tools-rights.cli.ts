import { Command } from 'nest-commander';
import { SUBMISSION_KINDS, type SubmissionKind } from '@portal/contracts';
import { OperatorCommand } from '../common/cli/operator-command';
import { PromotionsService } from './promotions/promotions.service';
import { SubmissionReviewService } from './shared/submission-review.service';

const KINDS = SUBMISSION_KINDS.join('|');

const asKind = (k: string | undefined): SubmissionKind => {
  if (!(SUBMISSION_KINDS as readonly string[]).includes(k ?? '')) throw new Error(`kind must be one of ${KINDS}`);
  return k as SubmissionKind;
};

/** `tools-pending <kind>`: the submissions of that kind in review, oldest first (`id  user <id>  <date>  <title>`), or `nothing in review`. */
@Command({ name: 'tools-pending', arguments: '<kind>', description: `submissions in review, oldest first; kind: ${KINDS}` })
export class ToolsPendingCommand extends OperatorCommand {
  constructor(private readonly review: SubmissionReviewService) {
    super();
  }

  async answer([kind]: string[]): Promise<string> {
    const rows = await this.review.pending(asKind(kind));
    return rows.length ? rows.map((r) => `${r.id}\tuser ${r.user_id}\t${r.date.toISOString()}\t${r.title}`).join('\n') : 'nothing in review';
  }
}

/** `promotion-purge-images [hours=48]`: delete promotion images uploaded in the console that no promotion took; prints the count. */
@Command({ name: 'promotion-purge-images', arguments: '[hours]', description: 'delete promotion images uploaded in the console, older than hours (default 48), that no promotion took' })
export class PromotionPurgeImagesCommand extends OperatorCommand {
  constructor(private readonly promotions: PromotionsService) {
    super();
  }

  async answer([hours = '48']: string[]): Promise<string> {
    const h = Number(hours);
    if (!Number.isFinite(h) || h < 0) throw new Error('promotion-purge-images [hours ≥ 0]');
    return `${await this.promotions.purgeAbandonedImages(h)} abandoned promotion image(s) deleted`;
  }
}

/**
 * Operator commands of the tools, rights and promotions area, providers of ToolsRightsModule; deciding a
 * request and adding a promotion are the console's (ops/console/tools-rights.cli.ts).
 */
export const TOOLS_RIGHTS_COMMANDS = [ToolsPendingCommand, PromotionPurgeImagesCommand];
