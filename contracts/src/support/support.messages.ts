/**
 * Every text of the support area (areas §2, §5, §8): the spec's quotes exactly as written, and the
 * server's own answers (areas §8 "What error text the server sends: not shown" — ours to word).
 */
export const SUPPORT_MESSAGES = {
  // Tickets (areas §5 "Ticket creation", "Ticket reply").
  reasonRequired: 'Please select a reason.',
  concernRequired: 'Reason details is Required.',
  tooManyAttachments: 'Max 5 attachments are allowed.',
  attachmentType: 'Invalid file format selected.',
  attachmentTooLarge: 'File more than 2 MB is not allowed.',
  replyRequired: 'Please enter a reply first.',
  concernTooLong: 'Reason details is too long (at most 5000 characters).',
  replyTooLong: 'The reply is too long (at most 5000 characters).',
  ticketNotFound: 'Ticket not found.',
  ticketClosed: 'This ticket is closed: it no longer takes replies.',
  attachmentNotFound: 'Attachment not found.',
  attachmentUnknown: 'One of the attachments was not uploaded by you or is already used.',
  attachmentMissing: 'Please choose a file to attach.',
  attachmentOneFile: 'Send one file at a time.',
  attachmentIncomplete: 'The upload was interrupted. Please try again.',
  attachmentUploaded: 'File attached.',
  tooManyUnsent: 'Too many files are waiting to be sent. Send or remove them first, or try again tomorrow.',
  ticketCreated: 'Ticket created successfully.',
  ticketList: 'Tickets.',
  ticketLoaded: 'Ticket.',
  replySent: 'Reply sent.',
  ticketStatusInvalid: 'Unknown ticket status filter.',
  supportReplyNotification: 'Support Team replied to your ticket #{id} ({reason}).',
  ticketClosedNotification: 'Your ticket #{id} ({reason}) was marked as done.',
  supportReplyMailSubject: 'Support replied to your ticket #{id}',
  supportReplyMailText: 'Hello {name},\n\nThe Support Team replied to your ticket #{id} ({reason}):\n\n{reply}\n\nOpen the conversation: {link}\n',

  // Reports (areas §5 "Reports").
  storeRequired: 'Please select store',
  startRequired: 'Please select Start month',
  endRequired: 'Please select End month',
  storeUnknown: 'Please select store',
  startAfterEnd: 'Start month cannot be after End month.',
  futureMonth: 'Reports can only be requested for past or current months.',
  reportRequested: 'Report requested.',
  reportList: 'Reports.',
  reportNotFound: 'Report not found.',
  reportNotReceived: 'This report has not been received yet.',
  reportReceivedNotification: 'Your {store} report for {start} to {end} is ready to download.',

  // Profile (areas §5 "Profile").
  phoneInvalid: 'Invalid phone number',
  passwordShort: 'Password must be 8 characters long.',
  passwordMismatch: "Password doesn't match",
  addressRequired: 'Address is Required',
  nothingToUpdate: 'Please enter the phone, the address or the password to update.',
  profileUpdated: 'Profile updated successfully.',
  passwordUpdated: 'Password updated. Your other sessions were logged out.',
  passwordMailSubject: 'Your password was changed',
  passwordMailText: 'Hello {name},\n\nThe password of your account was changed on {date} (UTC). Every other session was logged out.\nIf this was not you, reply to this e-mail or contact {support} at once.\n',

  // Bank details (areas §3 "Bank details"; formats are ours: Indian IFSC, PAN and account numbers).
  bankNameRequired: 'Please enter the bank name.',
  holderNameRequired: 'Please enter the account holder name.',
  branchNameRequired: 'Please enter the branch name.',
  ifscInvalid: 'Invalid IFSC Code (e.g. HDFC0001234).',
  panInvalid: 'Invalid PAN Number (e.g. ABCDE1234F).',
  accountInvalid: 'Account number must be 9 to 18 digits.',
  bankSaved: 'Bank details saved.',
  bankLoaded: 'Bank details.',
  bankMailSubject: 'Your bank details were changed',
  bankMailText: 'Hello {name},\n\nThe bank details for your payouts were changed on {date} (UTC): {bank}, account ending {last4}.\nIf this was not you, contact {support} at once.\n',
  payoutFieldsMissing: 'Please input all fields',

  // Withdrawal (areas §5, §9: minimum 100 USD).
  minimumWithdrawal: 'Minimum withdrawal amount is $100',
  minimumBalanceNote: 'Minimum balance should be $100 for withdrawal.',
  bankDetailsRequired: 'Please add your bank details before requesting a payout.',
  idempotencyKeyInvalid: 'Invalid Idempotency-Key header (1 to 64 letters, digits, "-", "_", ":" or ".").',
  payoutRequested: 'Payout of ${amount} requested. It will be paid to your bank account.',
  payoutList: 'Payouts.',
  payoutNotFound: 'Payout not found.',
  payoutPaidNotification: 'Your payout #{id} of ${amount} was paid (reference {reference}).',
  payoutRejectedNotification: 'Your payout #{id} of ${amount} was rejected: {reason} The amount is back in your balance.',
  revenueCreditNotification: '${amount} was added to your balance.',
  /** Appended to revenueCreditNotification when the operator wrote a note (docs/decisions/017). */
  revenueCreditNote: ' Note: {note}',

  // Invite (areas §5 "Invite").
  inviteEmailInvalid: 'Invalid Email.',
  inviteNameRequired: 'Name is required.',
  inviteSent: 'Invite sent.',
  inviteDailyLimit: 'You can send at most {limit} invites a day. Please try again tomorrow.',
  inviteMailSubject: '{inviter} invited you to distribute your music',
  inviteMailText: 'Hello {name},\n\n{inviter} invited you to release your music on the portal.\nSign up here: {link}\n',
} as const;
