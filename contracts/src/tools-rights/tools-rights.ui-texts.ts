/**
 * Screen texts of mfe-tools-rights (areas §2). Quoted exactly where the spec quotes them; the guideline
 * texts are ours (the spec shows the dialogs but not their content).
 */
export const TOOLS_UI = {
  headings: { profileLinking: 'Profile Linking', playlist: 'Playlist Pitchment', lyrics: 'Distribute Lyrics', ugc: 'UGC Claims', whitelist: 'Whitelist', promotions: 'Your Promotions History' },
  selectRelease: 'Select Release',
  selectAudio: 'Select Audio',
  selectReleaseFirst: 'Select a release first',
  noReleases: 'No submitted release yet',
  noUpcomingReleases: 'No upcoming release to pitch',
  artist: 'Artist',
  facebookLink: 'Facebook Link',
  instagramLink: 'Instagram Link',
  whyPitch: 'Why are you pitching this song',
  quickPitch: 'Quick Pitch',
  artworkAsset: 'Artwork Asset',
  additionalAssets: 'Additional Assets',
  additionalInfo: 'Additional Information',
  pressRelease: 'Link to Press Release',
  socialLinks: "Artist's social links",
  moods: 'Moods',
  selectMoods: 'Select Moods',
  /** {n}: number of moods chosen. */
  moodsSelected: '{n} Moods selected',
  moodsHint: 'Pick up to 2 moods. "None of these" stands alone.',
  lyricsLanguage: 'Lyrics Language',
  pRights: 'Do you own the publishing rights?',
  iswc: 'ISWC',
  iswcPlaceholder: 'T-123.456.789-C (optional)',
  lrcFile: 'LRC file',
  lrcHint: 'Optional: a synchronised lyrics file (.lrc, UTF-8, up to 256 KB).',
  lrcUploading: 'Uploading…',
  lrcRemove: 'Remove file',
  lyrics: 'Lyrics',
  selectPlatform: 'Select Platform',
  selectPolicy: 'Select Policy',
  selectChannelType: 'Select Channel Type',
  channelName: 'Channel Name',
  channelNamePlaceholder: 'Enter the channel name',
  url: 'URL',
  urlPlaceholder: 'Enter URL',
  /** {n}: URLs in the list. */
  urlsAdded: '{n} URL added (Click to add)',
  addUrls: 'Add Url(s)',
  ugcUrlWarning: "Please remove '&feature=youtu.be' from your URL or the claim will not be released.",
  addUrl: 'Add URL',
  deleteUrl: 'Delete URL',
  /** {n}: position of a URL input. */
  urlInputLabel: 'URL {n}',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  submit: 'Submit',
  viewGuidelines: 'VIEW GUIDELINES',
  guidelines: 'GUIDELINES',
  upcomingOnly: 'Only new upcoming releases can be pitched. Pitch at least 10 days before the release date.',
  notGuaranteed: 'Submitting a pitch does not guarantee a place on an editorial playlist.',
  /** {email}: the support address (areas §1). */
  misuseNotice: 'Misuse of the rights tools (claiming content you do not own, or allowlisting channels you do not control) may lead to suspension of the service. Questions: {email}.',
  betaNotice: 'Beta: whitelisting is new. Requests are checked by hand and can take a few working days.',
  beta: 'Beta',
  historyHeading: { profileLinking: 'Your Profile Linking History', playlist: 'Your Playlist Pitch History', lyrics: 'Your Lyrics History', ugc: 'Your UGC Claims History', whitelist: 'Your Whitelist History' },
  noHistory: 'Nothing submitted yet.',
  columns: {
    no: 'No.',
    status: 'Status',
    releaseTitle: 'Release Title',
    audioTitle: 'Audio Title',
    language: 'Language',
    artist: 'Artist',
    facebook: 'Facebook',
    instagram: 'Instagram',
    pressRelease: 'Press Release',
    socialLinks: 'Social Links',
    pitch: 'Pitch',
    details: 'Details',
    date: 'Date',
    policy: 'Policy',
    urls: 'URLs',
    platform: 'Platform',
    channelType: 'Channel Type',
    channelName: 'Channel Name',
    url: 'URL',
    songName: 'Song Name',
    promotionType: 'Promotion Type',
    playlistName: 'Playlist Name',
    playlistLink: 'Playlist Link',
    image: 'Image',
    createdOn: 'Created On',
  },
  viewPitch: 'View Pitch',
  viewDetails: 'View Details',
  /** {n}: URLs of a claim. */
  urlCount: '{n} URL',
  noUrl: 'No URL',
  clickToOpen: 'Click To Open',
  clickHere: 'Click here',
  search: 'Search...',
  searchLabel: 'Search promotions',
  previewImage: 'Preview Image',
  noPromotionMatch: 'No promotion matches your search.',
  promotionsLoadFailed: 'Could not load your promotions.',
  loading: 'Loading…',
  select: 'Select',
  /** {name}: the chosen file; {n}: timed lines found by the server. */
  lrcChosen: '{name}: {n} timed lines',
  lrcAttached: 'Attached',
  openFacebook: 'Open Facebook link',
  openInstagram: 'Open Instagram link',
  supportFallback: 'our support team',
  artworkAssetPlaceholder: 'Link or short note about the artwork / Canvas',
  additionalAssetsPlaceholder: 'https://… (press kit, photos, video)',
  lyricsPlaceholder: 'One sung line per line; an empty line between sections.',
  pitchDetails: 'Pitch details',
  lyricsDetails: 'Lyrics details',
  claimUrls: 'Claim URLs',
  detail: {
    artworkAsset: 'Artwork Asset',
    additionalAssets: 'Additional Assets',
    moods: 'Moods',
    whyPitch: 'Your Pitch',
    quickPitch: 'Quick Pitch',
    additionalInfo: 'Additional Information',
    pRights: 'Publishing rights',
    iswc: 'ISWC',
    lyrics: 'Lyrics',
    lrc: 'LRC file',
    reason: 'Reason',
    none: '—',
  },
} as const;

/** A titled block of guideline lines (numbered in the dialog). */
export type GuidelineSection = { title: string; lines: readonly string[] };

/** VIEW GUIDELINES of the playlist mode: timing and what playlist editors look for. */
export const PITCH_GUIDELINES: readonly GuidelineSection[] = [
  {
    title: 'Timing',
    lines: [
      'Pitch one unreleased song per release, at least 10 days (ideally 3–4 weeks) before its release date: editors plan their playlists ahead and cannot consider released songs.',
      'Only upcoming releases can be pitched; once the release date has passed the pitch is closed.',
      'A place on an editorial playlist is never guaranteed, and a pitch cannot be edited once sent.',
    ],
  },
  {
    title: 'What editors look for',
    lines: [
      'A quick pitch of one or two sentences (at most 100 characters) that says what makes the song stand out: its sound, story or a notable collaborator.',
      'The story behind the song in "Why are you pitching this song": inspiration, who it is for, and momentum such as tours, press, sync placements or streaming growth (at most 500 characters).',
      'Accurate moods (one or two) and active social profiles: editors check that an audience exists and is engaged.',
      'Press releases, a press kit or visuals in Additional Assets help, as long as the links open without a login.',
      'Do not pitch the same song twice, and never pay anyone for playlist placement: it breaks every store’s rules.',
    ],
  },
];

/** VIEW GUIDELINES of the lyrics mode: how stores want lyrics transcribed. */
export const LYRICS_TOOL_GUIDELINES: readonly GuidelineSection[] = [
  {
    title: 'Transcription',
    lines: [
      'Write the lyrics exactly as sung, in the language they are sung in; choose that language as the Lyrics Language.',
      'One sung line per line; separate verses and choruses with one empty line. No section labels such as [Chorus] or "Verse 1".',
      'Write repeated parts out each time they are sung instead of "x2" or "repeat chorus".',
      'Start each line with a capital letter; no punctuation at the end of a line except ? and !. Keep background vocals in parentheses.',
      'Do not add credits, translations, emojis, links or any text that is not sung. Keep explicit words uncensored if they are sung.',
    ],
  },
  {
    title: 'Synchronised lyrics (LRC) and rights',
    lines: [
      'An LRC file has one line per sung line: [mm:ss.xx] then the text, e.g. [00:12.40]First line of the song. Times must never go back.',
      'ID tags such as [ar:Artist] and [ti:Title] are allowed; anything else is refused with the line number to fix.',
      'Answer the publishing rights question honestly: stores only show lyrics whose publishing rights are cleared.',
      'Add the ISWC of the composition if your publisher or collecting society registered it (T-123.456.789-C).',
    ],
  },
];

/** GUIDELINES of the UGC mode: what may be claimed. */
export const UGC_GUIDELINES: readonly string[] = [
  'Claim only videos that use your own audio from a release distributed through us; you must own or control the rights of the whole recording.',
  'Do not claim videos that use public-domain, royalty-free or licensed music, covers of other artists’ songs, or your own official channel.',
  'Paste each video link separately (up to 10 per claim). Remove "&feature=youtu.be" from links: the claim cannot be released with it.',
  'Choose the policy: Monetize earns from the ads on the video, Remove asks the platform to take it down, Block stops it from being viewed.',
  'Claims are reviewed by hand; a wrongful claim is released and repeated misuse may suspend your access to the rights tools.',
];

/** GUIDELINES of the whitelist mode: what may be allowlisted. */
export const WHITELIST_GUIDELINES: readonly string[] = [
  'Allowlist channels you or your label control, and partners you licensed your music to, so your claims do not hit their videos.',
  'For YouTube give the channel link (youtube.com/channel/UC…, youtube.com/@handle, /c/ or /user/), not a video link.',
  'Use the exact channel name as shown on the platform so our team can match it.',
  'One request per channel; a request already in review cannot be sent again.',
  'Whitelisting is in Beta: requests are checked by hand and can take a few working days.',
];
