/**
 * Operations console (docs/decisions/008): staff roles, the fixed catalogue of release rejection reasons, and
 * every text the console and its API answer.
 */

/** Staff roles held in the database; `admin` has every role. */
export const STAFF_ROLES = ['reviewer', 'support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether roles held by a staff member grant `needed` (admin grants all). */
export const hasStaffRole = (held: readonly string[], needed: StaffRole): boolean => held.includes('admin') || held.includes(needed);

/**
 * The fixed catalogue of rejection reasons of a release review (docs/decisions/008), each tied to the wizard field
 * the artist must fix. `step` is the wizard tab that holds the field (1 info, 2 tracks).
 */
export const RELEASE_REJECTION_REASONS = [
  { code: 'artwork_text_logos', label: 'Artwork has text, logos or URLs that are not allowed.', field: 'album_artwork', fieldLabel: 'Artwork', step: 1 },
  { code: 'artist_name_format', label: 'Artist name format is not allowed (no "feat.", "&" or several names in one field).', field: 'primary_artist1', fieldLabel: 'Primary artist', step: 1 },
  { code: 'generic_title', label: 'Title is generic or misleading.', field: 'release_title', fieldLabel: 'Release title', step: 1 },
  { code: 'forbidden_title_terms', label: 'Title contains forbidden terms (e.g. "Official", "Free", store names).', field: 'release_title', fieldLabel: 'Release title', step: 1 },
  { code: 'instrumental_with_language', label: 'An instrumental track cannot have a lyrics language.', field: 'lyrics_language', fieldLabel: 'Lyrics language', step: 2 },
  { code: 'missing_legal_name', label: 'Composer or lyricist must be given by full legal name.', field: 'composer1', fieldLabel: 'Composer / lyricist', step: 2 },
  { code: 'audio_quality', label: 'Audio quality is too low (clipping, silence or low bit rate).', field: 'audio_track', fieldLabel: 'Audio file', step: 2 },
  { code: 'rights_proof_needed', label: 'Proof of rights is needed for this content.', field: 'c_line', fieldLabel: '© line', step: 1 },
  { code: 'duplicate_content', label: 'This content is already distributed (duplicate).', field: 'audio_track', fieldLabel: 'Audio file', step: 2 },
] as const;

/** Catalogue rows of stored, comma-separated reason codes (unknown codes dropped). */
export function rejectionReasonRows(codes: string): Array<{ code: string; label: string; field: string; field_label: string; step: number }> {
  return codes
    .split(',')
    .map((code) => RELEASE_REJECTION_REASONS.find((r) => r.code === code))
    .filter((r): r is (typeof RELEASE_REJECTION_REASONS)[number] => !!r)
    .map((r) => ({ code: r.code, label: r.label, field: r.field, field_label: r.fieldLabel, step: r.step }));
}

/** Heading of the fields a rejection asks the artist to fix (release detail). */
export const REJECTION_FIELDS_LABEL = 'Fields to fix:';
export type RejectionReasonCode = (typeof RELEASE_REJECTION_REASONS)[number]['code'];
export const REJECTION_REASON_CODES = RELEASE_REJECTION_REASONS.map((r) => r.code) as RejectionReasonCode[];

/**
 * The artist-facing text of a rejection, shown after the detail page's "Reason:" label: each reason's
 * label, then the reviewer's note as "Note: …" — or the note alone when no catalogue reason was given
 * (never "Reason: Note: …").
 */
export function rejectionText(codes: readonly string[], note = ''): string {
  const labels = codes.map((c) => RELEASE_REJECTION_REASONS.find((r) => r.code === c)?.label).filter(Boolean);
  const trimmed = note.trim();
  if (!labels.length) return trimmed.slice(0, 1000);
  return [...labels, trimmed ? `Note: ${trimmed}` : ''].filter(Boolean).join(' ').slice(0, 1000);
}

export const OPS_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  noteMax: 500,
  reasonMax: 500,
  awayTextMax: 500,
  searchMax: 100,
  totpDigits: 6,
  totpPeriodSeconds: 30,
  /** Accepted clock drift in periods either side. */
  totpWindow: 1,
  /** Wrong codes a staff account may try per window before the second factor is locked (brute force). */
  totpMaxFailures: 5,
  totpFailureWindowSeconds: 300,
  /**
   * A promotion of the promotions history (areas §3 Promotion) as operators write it: field lengths
   * (the `promotions` columns), and the image: PNG, JPEG, GIF or WebP of at most 5 MB, read from its bytes.
   */
  promotion: { songMax: 255, platformMax: 100, typeMax: 100, playlistNameMax: 255, linkMax: 1000, imageMaxBytes: 5 * 1024 * 1024 },
} as const;

export const OPS_MESSAGES = {
  /** The one 403 of the console: the same for an artist, a missing role and a missing second factor. */
  forbidden: 'You do not have access to this.',
  notStaff: 'You do not have access to this.',
  totpAlreadyEnrolled: 'Two-factor authentication is already set up. Enter a code from your app.',
  totpNotEnrolled: 'Set up two-factor authentication first.',
  totpInvalid: 'The code is not valid. Enter the current 6-digit code from your app.',
  totpLocked: 'Too many wrong codes. Please wait a few minutes before trying again.',
  totpVerified: 'Two-factor authentication passed.',
  totpEnrolment: 'Scan the QR code with your authenticator app, then enter a code.',
  staffSession: 'Staff session.',
  releaseNotFound: 'Release not found.',
  trackNotFound: 'Track not found.',
  videoNotFound: 'Video release not found.',
  userNotFound: 'User not found.',
  notInReview: 'This release is not in review.',
  /** Four-eyes (docs/decisions/016): staff never decide on their own account's release, video or payout. */
  ownRelease: 'You cannot approve, reject or take down a release of your own account. Another reviewer must do it.',
  ownVideo: 'You cannot approve, reject or take down a video release of your own account. Another reviewer must do it.',
  staffList: 'Staff members.',
  staffAdded: 'Staff member added. They set up two-factor authentication at their first console visit.',
  staffRolesChanged: 'Roles changed.',
  staffRemoved: 'Staff member removed. Their console sessions ended.',
  staffTotpReset: 'Two-factor authentication reset. Their console sessions ended; they set it up again at their next console visit.',
  staffEmailInvalid: 'Enter the e-mail address of a verified account.',
  staffNoAccount: 'No verified account has this e-mail. The person signs up and verifies their e-mail first.',
  staffRoleInvalid: 'Choose at least one role from the list.',
  staffNotFound: 'This user is not staff.',
  staffSelf: 'You cannot change your own staff access or revoke yourself. Another admin must do it.',
  identifierTaken: 'The {kind} {code} belongs to another release (#{release_id}). Reject the release or ask the artist to correct it.',
  ownPayout: 'You cannot mark paid or reject a payout of your own account. Another finance member must do it.',
  notApproved: 'Only an approved release can be taken down.',
  videoNotReviewable: 'This video release cannot be given that status now.',
  reasonsRequired: 'Choose at least one reason.',
  reasonUnknown: 'Choose reasons from the list.',
  takedownReasonRequired: 'A takedown needs a reason.',
  videoReasonRequired: 'A rejection or takedown needs a reason.',
  awayTextRequired: 'Away mode needs a text.',
  queue: 'Review queue.',
  approved: 'Release approved.',
  rejected: 'Release rejected.',
  takenDown: 'Release taken down.',
  videoUpdated: 'Video release updated.',
  platform: 'Platform status.',
  awayOn: 'Away mode is on.',
  awayOff: 'Away mode is off.',
  users: 'Users.',
  user: 'User.',
  revoked: 'User revoked.',
  restored: 'User restored.',
  audit: 'Audit log.',
  audioLink: 'Audio link.',
  newsAdded: 'News item added.',
  newsRemoved: 'News item removed.',
  videoAdded: 'Update video added.',
  videoRemoved: 'Update video removed.',
  contentNotFound: 'Not found.',
  ticketNotFound: 'Ticket not found.',
  payoutNotFound: 'Payout not found.',
  replyRequired: 'Write a reply of at most 5000 characters.',
  referenceRequired: 'A payment reference (at most 255 characters) is required.',
  payoutReasonRequired: 'A rejection reason is required.',
  tickets: 'Open tickets.',
  ticketReplied: 'Reply sent.',
  ticketClosed: 'Ticket closed.',
  newsUpdated: 'News item updated.',
  videoLinkUpdated: 'Update video updated.',
  promotions: 'Promotions.',
  promotionNotFound: 'Promotion not found.',
  promotionAdded: 'Promotion added. The artist was told.',
  promotionUpdated: 'Promotion updated.',
  promotionRemoved: 'Promotion removed.',
  promotionImageUploaded: 'Image uploaded.',
  promotionSongRequired: 'Song name is required (at most 255 characters).',
  promotionPlatformRequired: 'Platform is required (at most 100 characters).',
  promotionTypeRequired: 'Promotion type is required (at most 100 characters).',
  promotionPlaylistNameRequired: 'Playlist name is required (at most 255 characters).',
  promotionLinkInvalid: 'Playlist link must be an http or https link.',
  promotionImageRequired: 'Upload the promotion image first.',
  promotionImageUnknown: 'This image was not uploaded here or is already used by a promotion: upload it again.',
  promotionImageMissing: 'Choose one image file (field "image").',
  promotionImageTooLarge: 'An image of more than 5 MB is not allowed.',
  promotionImageType: 'The image must be a PNG, JPEG, GIF or WebP file.',
} as const;

/** Texts of the console screens. */
export const OPS_UI = {
  /** Header of a table's column of row actions (a header must have text, axe empty-table-header). */
  actionsColumn: 'Actions',
  title: 'Operations',
  nav: { review: 'Release review', videos: 'Video review', platform: 'Platform', users: 'Users', desk: 'Desk', content: 'Content', audit: 'Audit', remotes: 'Remote versions', promotions: 'Promotions', staff: 'Staff' },
  totp: {
    heading: 'Two-factor authentication',
    enrolIntro: 'Scan this QR code with an authenticator app (or enter the key), then enter the 6-digit code.',
    verifyIntro: 'Enter the 6-digit code from your authenticator app.',
    code: 'Code',
    submit: 'Verify',
    key: 'Key',
  },
  queue: { heading: 'Releases in review', empty: 'No release is waiting for review.', age: 'Waiting', open: 'Open' },
  detail: {
    approve: 'Approve',
    reject: 'Reject',
    takedown: 'Take down',
    reasons: 'Reasons',
    note: 'Note to the artist (optional)',
    confirmApprove: 'Approve this release? UPC and ISRCs are assigned and the artist is told.',
    confirmReject: 'Reject this release with the chosen reasons?',
    confirmTakedown: 'Take this release down? The artist is told.',
    takedownReason: 'Takedown reason',
    tracks: 'Tracks',
    play: 'Play',
    artwork: 'Artwork',
    artworkOriginal: 'Open the original artwork',
    identifiersHeading: 'Identifier warnings',
    /** {kind} UPC or ISRC; {code}; the other release's title, id and owner. */
    identifierOther: 'The {kind} {code} is already on "{title}" (release #{release_id}) of {email}.',
    identifierSameOwner: 'The {kind} {code} is also on "{title}" (release #{release_id}) of the same account: a re-release of the same recording may keep its ISRC.',
    openOther: 'Open release #{release_id}',
  },
  videos: { heading: 'Video releases in review', empty: 'No video release is waiting for review.', reason: 'Reason (required to reject or take down)' },
  platform: { heading: 'Platform', away: 'Away mode', text: 'Text shown to artists', turnOn: 'Turn away mode on', turnOff: 'Turn away mode off' },
  users: {
    heading: 'Users',
    search: 'Search by name or e-mail',
    revoke: 'Revoke',
    restore: 'Restore',
    /** What revoking does, for an artist (core §6) and for staff (docs/decisions/016). */
    confirmRevoke:
      'Revoke {email}? As an artist they can no longer create, edit or submit releases: the release screens show "You cannot create a release due to the violation of distribution terms" with the support e-mail (their catalogue stays readable, live releases stay live). If they are staff, their console sessions end at once and every console call is refused until you restore them; their roles stay, and after a restore they pass two-factor authentication again.',
    confirmRestore: 'Restore {email}? They can create and submit releases again; staff can use the console again after a new two-factor code.',
  },
  /** Staff management (admins; docs/decisions/016). */
  staff: {
    heading: 'Staff',
    intro: 'Staff members and their roles. An admin has every role. Each change is audited; your own access can only be changed by another admin.',
    email: 'E-mail of a verified account',
    member: 'Member',
    role: 'Role',
    roles: 'Roles',
    add: 'Add staff member',
    totp: 'Two-factor',
    totpOn: 'Set up',
    totpOff: 'Not set up',
    state: 'State',
    revoked: 'Revoked',
    active: 'Active',
    changeRoles: 'Change roles',
    saveRoles: 'Save roles',
    cancel: 'Cancel',
    remove: 'Remove',
    resetTotp: 'Reset two-factor',
    empty: 'No staff member.',
    you: '(you)',
    confirmAdd: 'Give {email} the role {role}? They reach the console after setting up two-factor authentication.',
    confirmRoles: 'Change the roles of {email} to {roles}?',
    confirmRemove: 'Remove {email} from staff? Their roles and two-factor secret are deleted and their console sessions end at once. Their artist account stays.',
    confirmResetTotp: 'Reset two-factor authentication of {email}? Their console sessions end at once; at their next console visit they scan a new QR code.',
  },
  desk: {
    heading: 'Desk',
    text: 'Reply text',
    tickets: 'Open tickets',
    noTickets: 'No open ticket.',
    reply: 'Send reply',
    close: 'Close',
    confirm: {
      reply: 'Send this reply as Support Team? The artist is told by bell and e-mail.',
      close: 'Close this ticket? No more replies can be sent.',
    },
  },
  content: {
    news: 'News',
    videos: 'Update videos',
    heading: 'Heading',
    link: 'Link (http or https)',
    video: 'YouTube link or id',
    title: 'Title (optional)',
    add: 'Add',
    remove: 'Remove',
    confirmRemove: 'Remove this item from every artist’s dashboard?',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    editNews: 'Edit news item',
    editVideo: 'Edit update video',
    noNews: 'No news.',
    noVideos: 'No update videos.',
  },
  /** The promotions history of one artist (areas §2 /marketing/promotions), written by operators. */
  promotions: {
    heading: 'Promotions',
    intro: 'Find an artist, then add, edit or remove the promotions of their promotions history. The artist is told of each new promotion.',
    userSearch: 'Artist name or e-mail',
    chooseUser: 'Choose',
    noUsers: 'No artist found.',
    usersFound: 'Artists found',
    forUser: 'Promotions of',
    change: 'Change artist',
    search: 'Search promotions',
    song: 'Song name',
    platform: 'Platform',
    type: 'Promotion type',
    playlistName: 'Playlist name',
    playlistLink: 'Playlist link (http or https)',
    image: 'Image (PNG, JPEG, GIF or WebP, at most 5 MB)',
    newImage: 'New image (optional: keeps the current one when empty)',
    currentImage: 'Current image',
    imageAlt: 'Promotion image of',
    created: 'Created on',
    add: 'Add promotion',
    addHeading: 'New promotion',
    editHeading: 'Edit promotion',
    save: 'Save changes',
    cancel: 'Cancel',
    edit: 'Edit',
    remove: 'Remove',
    open: 'Open',
    empty: 'No promotion yet for this artist.',
    confirmRemove: 'Remove this promotion from the artist’s promotions history? Its image is deleted.',
    confirmAdd: 'Add this promotion? The artist is told by the bell.',
  },
  /** Remote versions (docs/decisions/007): each remote's deployed versions, the live one, rollback / activation. */
  remotes: {
    heading: 'Remote versions',
    intro: 'Each remote keeps its last deployed versions. Making another version live changes the registry at once: no shell build and no restart. The compatibility gate checks it against the shell first.',
    remote: 'Remote',
    version: 'Version',
    live: 'Live',
    liveMarker: 'Live',
    deployed: 'Deployed',
    by: 'By',
    commit: 'Commit',
    shared: 'Shared versions',
    sharedCount: '{n} packages',
    state: 'State',
    pruned: 'Pruned (deploy again to use)',
    kept: 'Kept',
    rollback: 'Roll back',
    activate: 'Make live',
    confirmRollback: 'Roll {remote} back from {from} to {to}? Open pages keep their version; new page loads get this one.',
    confirmActivate: 'Make {to} the live version of {remote} (now {from})? New page loads get this one.',
    refused: 'Activation refused',
    activations: 'Recent activations',
    outcome: 'Outcome',
    action: 'Action',
    when: 'When',
    reason: 'Reason',
    none: 'No version of any remote was deployed yet (the remotes are served from their build folders).',
    noActivations: 'No activation yet.',
    activatedAt: 'Live since',
    // docs/decisions/021
    wasLive: 'Was live',
    badMarker: 'Bad',
    badBy: 'Marked bad by {by}: {reason}',
    canaryMarker: 'Canary {percent} %',
    errors: 'Load errors',
    errorRate: '{failures} of {loads} loads failed',
    noLoads: 'No loads reported',
    markBad: 'Mark bad',
    confirmMarkBad: 'Mark {version} of {remote} bad? Rollback skips it and no activation makes it live again unless forced.',
    badReason: 'Why is it bad?',
    canary: 'Canary',
    confirmCanary: 'Serve {version} of {remote} to a share of browsers (sticky per browser) while {from} stays live for the others?',
    canaryPercent: 'Share of browsers (%)',
    canaryRunning: 'Canary: {version} for {percent} % of browsers',
    promote: 'Make live for everyone',
    stopCanary: 'Stop canary',
    pin: 'Pin this browser',
    confirmPin: 'Load {version} of {remote} in this browser only, to try it? Other browsers are not affected.',
    unpin: 'Unpin',
    tokens: 'Deploy tokens',
    tokensIntro: 'A deploy token lets one remote’s CI deploy, activate and roll back that remote only (npm run remote -- deploy <remote> --to <portal URL>, with REMOTE_DEPLOY_TOKEN). It is shown once.',
    tokenName: 'Token name',
    tokenRemote: 'Remote',
    createToken: 'Create token',
    tokenShownOnce: 'Copy this token now: it is not shown again.',
    revoke: 'Revoke',
    confirmRevoke: 'Revoke the deploy token "{name}" of {remote}? Its CI can no longer deploy.',
    revoked: 'Revoked',
    lastUsed: 'Last used',
    never: 'Never',
    noTokens: 'No deploy token yet.',
  },
  audit: { heading: 'Audit log', action: 'Action', objectType: 'Object type', actor: 'Actor e-mail' },
} as const;
