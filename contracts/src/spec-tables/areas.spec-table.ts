/**
 * The texts and limits that portal-areas.md quotes (video, reports, tickets, profile, invite, tools,
 * rights), copied from the spec as literals (never imported from the contracts), so a changed contract
 * text or limit fails the tables' tests. Keys name the contracts value checked.
 */
export const AREAS_SPEC_MESSAGES: Array<[string, string]> = [
  // areas §5 Video release submit
  ['VIDEO_MESSAGES.acceptTerms', 'Please accept T & C.'],
  ['VIDEO_MESSAGES.fillAllFields', 'Please fill in all the fields before submit'],
  ['VIDEO_MESSAGES.thumbnailTooLarge', 'File more than 1.5 MB is not allowed.'],
  // areas §5 Reports
  ['SUPPORT_MESSAGES.storeRequired', 'Please select store'],
  ['SUPPORT_MESSAGES.startRequired', 'Please select Start month'],
  ['SUPPORT_MESSAGES.endRequired', 'Please select End month'],
  // areas §5 Ticket creation and reply
  ['SUPPORT_MESSAGES.reasonRequired', 'Please select a reason.'],
  ['SUPPORT_MESSAGES.concernRequired', 'Reason details is Required.'],
  ['SUPPORT_MESSAGES.tooManyAttachments', 'Max 5 attachments are allowed.'],
  ['SUPPORT_MESSAGES.attachmentType', 'Invalid file format selected.'],
  ['SUPPORT_MESSAGES.attachmentTooLarge', 'File more than 2 MB is not allowed.'],
  ['SUPPORT_MESSAGES.replyRequired', 'Please enter a reply first.'],
  // areas §5 Profile and withdrawal
  ['SUPPORT_MESSAGES.phoneInvalid', 'Invalid phone number'],
  ['SUPPORT_MESSAGES.passwordShort', 'Password must be 8 characters long.'],
  ['SUPPORT_MESSAGES.passwordMismatch', "Password doesn't match"],
  ['SUPPORT_MESSAGES.minimumWithdrawal', 'Minimum withdrawal amount is $100'],
  ['SUPPORT_MESSAGES.payoutFieldsMissing', 'Please input all fields'],
  // areas §5 Invite
  ['SUPPORT_MESSAGES.inviteEmailInvalid', 'Invalid Email.'],
  ['SUPPORT_MESSAGES.inviteNameRequired', 'Name is required.'],
  // areas §5 Tools and Rights
  ['TOOLS_MESSAGES.mandatory', 'Please fill all mandatory fields'],
  ['TOOLS_MESSAGES.invalidFacebook', 'Invalid Facebook Link'],
  ['TOOLS_MESSAGES.invalidInstagram', 'Invalid Instagram Link'],
  ['TOOLS_MESSAGES.invalidAdditionalAssets', 'Invalid Additional Assets'],
  ['TOOLS_MESSAGES.invalidUrlAt', 'Invalid URL at position {n}'],
  ['TOOLS_MESSAGES.invalidLink', 'Please enter a valid link'],
];

/** Limits of areas §5 and §9, as literals. */
export const AREAS_SPEC_LIMITS: Array<[string, number]> = [
  ['VIDEO_LIMITS.thumbnailMaxBytes', 1572864],
  ['VIDEO_LIMITS.releaseDateMinDaysAhead', 6],
  ['SUPPORT_LIMITS.attachmentMaxBytes', 2 * 1024 * 1024],
  ['SUPPORT_LIMITS.attachmentsMax', 5],
  ['SUPPORT_LIMITS.minWithdrawalCents', 100 * 100],
  ['SUPPORT_LIMITS.phoneDigits', 10],
  ['SUPPORT_LIMITS.passwordMin', 8],
  ['TOOLS_LIMITS.historyPageSize', 20],
  ['TOOLS_LIMITS.promotionsPageSize', 15],
  ['TOOLS_LIMITS.searchDebounceMs', 500],
  ['TOOLS_LIMITS.whyPitchMax', 500],
  ['TOOLS_LIMITS.quickPitchMax', 100],
  ['TOOLS_LIMITS.additionalInfoMax', 250],
  ['TOOLS_LIMITS.urlsMax', 10],
  ['TOOLS_LIMITS.moodsMax', 2],
];

/** The ten moods of areas §9, spelt as the spec spells them ("Spirtual"). */
export const AREAS_SPEC_MOODS = ['Chill', 'Motivation', 'Happy', 'Energetic', 'Sad', 'Romantic', 'Sexy', 'Spirtual', 'Relax', 'None of these'];
/** Client code prefix of the profile (areas §9). */
export const AREAS_SPEC_CLIENT_CODE_PREFIX = 'FR-US-';
