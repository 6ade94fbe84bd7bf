import { SUBMISSION_KINDS, type SubmissionKind } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { PromotionsService } from './promotions/promotions.service';
import { SubmissionReviewService } from './shared/submission-review.service';

const KINDS = SUBMISSION_KINDS.join('|');

const asKind = (k: string | undefined): SubmissionKind => {
  if (!(SUBMISSION_KINDS as readonly string[]).includes(k ?? '')) throw new Error(`kind must be one of ${KINDS}`);
  return k as SubmissionKind;
};

/** Operator commands of the tools, rights and promotions area; deciding a request and adding a promotion are the console's (ops/console/tools-rights.cli.ts). */
export const TOOLS_RIGHTS_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'tools-pending',
    usage: `tools-pending <${KINDS}>   (submissions in review, oldest first)`,
    run: async (app, [kind]) => {
      const rows = await app.get(SubmissionReviewService).pending(asKind(kind));
      return rows.length ? rows.map((r) => `${r.id}\tuser ${r.user_id}\t${r.date.toISOString()}\t${r.title}`).join('\n') : 'nothing in review';
    },
  },
  {
    name: 'promotion-purge-images',
    usage: 'promotion-purge-images [hours=48]   (delete promotion images uploaded in the console that no promotion took)',
    run: async (app, [hours = '48']) => {
      const h = Number(hours);
      if (!Number.isFinite(h) || h < 0) throw new Error('promotion-purge-images [hours ≥ 0]');
      return `${await app.get(PromotionsService).purgeAbandonedImages(h)} abandoned promotion image(s) deleted`;
    },
  },
];
