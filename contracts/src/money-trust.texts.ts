/** Limits and answer texts of explained holds and monthly statements (docs/decisions/039); re-exported by money-trust.ts. */

/** Limits of holds and statements. */
export const MONEY_TRUST_LIMITS = { pageSize: 20, maxPageSize: 100, appealMax: 5000, reasonMax: 1000, replyMax: 5000 } as const;

/** Every answer and error text of holds and statements (docs/conventions.md §4). */
export const MONEY_TRUST_MESSAGES = {
  holds: 'Holds.',
  holdNotFound: 'This hold was not found.',
  holdNotOpen: 'Hold #{id} is {status}: nothing to decide.',
  appealOpened: 'Your appeal was sent. Finance will answer in its ticket.',
  appealText: 'Tell finance why these figures are genuine (for example a campaign or a playlist placement).',
  appealTooLong: 'The appeal may be at most 5000 characters.',
  alreadyAppealed: 'This hold already has an appeal: ticket #{id}.',
  appealOwnerOnly: 'Only the track’s owner can appeal this hold.',
  released: 'Hold #{id} released: ${amount} credited.',
  forfeited: 'Hold #{id} forfeited.',
  forfeitPending: 'Hold #{id} is above ${limit}: a second finance member must confirm the forfeit.',
  forfeitReasonRequired: 'Say why the money is forfeited: the artist reads it.',
  forfeitReasonTooLong: 'The reason may be at most 1000 characters.',
  ownHold: 'You cannot decide a hold on your own earnings.',
  sameFinanceMember: 'The forfeit needs a second finance member: you requested it.',
  replyText: 'Write the answer the artist reads.',
  replyTooLong: 'The answer may be at most 5000 characters.',
  replied: 'Answer sent on ticket #{id}.',
  noAppeal: 'Hold #{id} has no appeal to answer.',
  monthInvalid: 'Pick a month as YYYY-MM.',
  formatInvalid: 'Pick PDF or CSV.',
  statements: 'Monthly statements.',
  statement: 'Monthly statement.',
  appealTicketReason: 'Others',
  appealTicketText: 'Appeal of hold #{id}: {reason}\n\n{text}',
  holdPlacedNotification: '${amount} of your {month} royalties is held: {reason}. See Earnings to appeal.',
  holdReleasedNotification: 'Hold #{id} was released: ${amount} was added to your balance.',
  holdForfeitedNotification: 'Hold #{id} was forfeited: {reason}',
  statementMailSubject: 'Your statement for {month}',
  statementMailText: 'Hello {name},\n\nYour statement for {month} is ready: opening balance ${opening}, closing balance ${closing}.\nDownload it as PDF or CSV on {link}.\n',
} as const;
