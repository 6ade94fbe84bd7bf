import type { ServerDocs } from './common/endpoint-server';
import { holdAppealSchema, holdDecisionSchema, holdForfeitSchema, holdIdQuerySchema, holdListSchema, holdReplySchema, monthlyStatementFileSchema, monthlyStatementQuerySchema } from './money-trust.schemas';

const ROLE = ' Role: finance (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of MONEY_TRUST_ENDPOINTS (docs/decisions/039-explained-holds.md). */
export const MONEY_TRUST_SERVER = {
  getHolds: {
    summary: 'The caller’s holds and clawbacks (as owner or split collaborator): their own part, the rule, its figures and the plain-words reason',
    query: holdListSchema,
    errors: [400],
  },
  appealHold: {
    summary: 'Appeal one of the caller’s holds: opens a support ticket bound to the hold, with attachments (uploadTicketAttachment first)',
    description: '404 for another user’s hold or a collaborator’s (only the owner appeals: 403 appeal_owner_only); 409 already_appealed or when the hold is decided.',
    body: holdAppealSchema,
    codes: { 403: ['appeal_owner_only'], 409: ['already_appealed', 'hold_not_open'] },
    errors: [400, 403, 404, 409],
  },
  getMonthlyStatements: {
    summary: 'The months with a statement for the caller (every month with ledger movement), newest first, with the closing balance in cents',
    errors: [],
  },
  getMonthlyStatement: {
    summary: 'The caller’s statement of one month: opening balance, credits by store and release, split credits, clawbacks, holds placed/released/forfeited, payouts, closing balance (cents, reconciles with the ledger)',
    query: monthlyStatementQuerySchema,
    errors: [400],
  },
  monthlyStatementFile: {
    summary: 'The caller’s statement of one month as a PDF (base64) or CSV file',
    query: monthlyStatementFileSchema,
    errors: [400],
  },
  holdsDesk: {
    summary: 'Holds and clawbacks, open ones first (oldest first), with the rule, figures and the appeal ticket.' + ROLE,
    query: holdListSchema,
    errors: [400, 403],
  },
  holdDetail: {
    summary: 'One hold with its evidence rows, each user’s held part and the appeal thread.' + ROLE,
    query: holdIdQuerySchema,
    errors: [403, 404],
  },
  releaseHold: {
    summary: 'Release a hold: each held user’s part is credited to the ledger in one transaction (audited).' + ROLE,
    description: '403 four_eyes on a hold of the caller’s own earnings; 409 hold_not_open when already decided.',
    body: holdDecisionSchema,
    codes: { 403: ['four_eyes'], 409: ['hold_not_open'] },
    errors: [403, 404, 409],
  },
  forfeitHold: {
    summary: 'Forfeit a hold with a reason the artist reads (audited); above the four-eyes amount it waits for a second finance member.' + ROLE,
    body: holdForfeitSchema,
    codes: { 403: ['four_eyes'], 409: ['hold_not_open'] },
    errors: [400, 403, 404, 409],
  },
  confirmForfeit: {
    summary: 'A second finance member confirms a forfeit requested by another (four-eyes, audited).' + ROLE,
    body: holdDecisionSchema,
    codes: { 403: ['four_eyes'], 409: ['hold_not_open'] },
    errors: [403, 404, 409],
  },
  replyHoldAppeal: {
    summary: 'Answer the hold’s appeal thread: a Support Team reply on its appeal ticket (the support desk’s reply, the artist’s bell and e-mail), audited ticket.reply.' + ROLE,
    description: '400 text missing or longer than 5000 characters; 404 unknown hold; 409 no_appeal when the hold has no appeal ticket, ticket_closed when its ticket is closed. Answers the hold’s detail with the thread.',
    body: holdReplySchema,
    codes: { 409: ['no_appeal', 'ticket_closed'] },
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
