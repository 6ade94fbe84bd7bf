/**
 * Labels, headings and button names of /create_video_releases and /video-catalog (areas §2). The spec
 * quotes some ("Select Release", "Select Audio", "Download link to video", "Video Platform (8+)",
 * "MUSIC VIDEO GUIDELINES", the column headers); the rest are ours to word. Browser tests find fields
 * by these texts, so change them here only. Messages (toasts, validation) stay in VIDEO_MESSAGES.
 */
export const VIDEO_UI = {
  form: {
    title: 'Create Video Release',
    intro: 'Release the music video of one of your submitted or approved audio releases.',
    thumbnailHeading: 'Thumbnail',
    thumbnailLabel: 'Upload Thumbnail',
    thumbnailHint: '1920x1080 (16:9) JPEG or PNG, up to 1.5 MB.',
    thumbnailPreview: 'Thumbnail preview',
    thumbnailEmpty: '1920 × 1080',
    uploading: 'Uploading… {percent}%',
    detailsHeading: 'Video Details',
    release: 'Select Release',
    releasePlaceholder: 'Select Release',
    releasesLoading: 'Loading releases…',
    noReleases: 'No submitted or approved audio release yet. Submit an audio release first.',
    releasesFailed: 'Your releases could not be loaded.',
    audiosFailed: 'The audio of this release could not be loaded.',
    audio: 'Select Audio',
    audioPlaceholder: 'Select Audio',
    audioChooseRelease: 'Select a release first',
    audiosLoading: 'Loading audio…',
    downloadLink: 'Download link to video',
    downloadLinkPlaceholder: 'https://',
    transferSites: 'Preferred transfer sites: {sites}.',
    upc: 'Video UPC',
    upcHint: '12 or 13 digits (optional).',
    isrc: 'Video ISRC',
    isrcHint: 'CC-XXX-YY-NNNNN (optional).',
    actor: 'Actor Name',
    actress: 'Actress Name',
    namesHint: 'Comma separated.',
    releaseDate: 'Release Date',
    releaseDateHint: 'Earliest date: {date}',
    platforms: 'Video Platform ({count})',
    platformsLoading: 'Loading platforms…',
    platformsFailed: 'The platform list could not be loaded.',
    platformIncluded: '{name} (included)',
    termsBefore: 'I agree to the ',
    termsLink: 'distribution terms',
    termsMiddle: ' and the ',
    privacyLink: 'privacy policy',
    termsAfter: '.',
    termsUrl: '/terms',
    privacyUrl: '/privacy',
    terms: 'I agree to the distribution terms and the privacy policy',
    guidelinesButton: 'Music Video Guidelines',
    submit: 'Submit',
    backToCatalog: 'Video Catalog',
    retry: 'Try again',
    requiredField: 'This field is required.',
    required: 'Fields marked * are required.',
  },
  guidelines: {
    title: 'MUSIC VIDEO GUIDELINES',
    rulesHeading: 'Rules',
    specHeading: 'Technical specification',
    videoHeading: 'Video',
    audioHeading: 'Audio',
    close: 'Close',
  },
  catalog: {
    title: 'Video Catalog',
    search: 'Search',
    searchPlaceholder: 'Title, audio, actor or actress',
    status: 'Status',
    audioCatalog: 'Audio Catalog',
    createVideo: 'Create Video Release',
    columns: ['No.', 'Status', 'Artwork', 'Title', 'Audio', 'Actor', 'Actress', 'Release Date'],
    thumbnailAlt: 'Thumbnail of {title}',
    loading: 'Loading video releases…',
    loadFailed: 'The video catalogue could not be loaded.',
    retry: 'Try again',
    none: '—',
  },
} as const;

/** Preferred transfer sites for the video file (areas §2 "with preferred transfer sites listed"). */
export const VIDEO_TRANSFER_SITES = ['WeTransfer', 'Google Drive', 'Dropbox', 'OneDrive'] as const;

/** Rules of the "MUSIC VIDEO GUIDELINES" dialog (areas §2). */
export const MUSIC_VIDEO_RULES = [
  'No graphic overlays, release dates, logos or advertisements in the video.',
  'Interviews and behind-the-scenes content must be bundled with an album.',
  'Still-image promos, teasers, trailers and poor-quality videos are rejected.',
  'Explicit content must be marked Explicit.',
  'Videos from films need a title version that refers to the film.',
] as const;

/** Full technical specification of the dialog (areas §2), video then audio. */
export const MUSIC_VIDEO_TECH_SPEC = {
  video: [
    'Container: QuickTime .mov',
    'Codec: Apple ProRes 422 HQ',
    'Resolution: 1920x1080',
    'Bit rate: about 220 Mb/s',
    'Frame rate: 24 or 25 fps',
    'Chroma: YUV 422',
    'Gamma: 2.15 to 2.25',
    'Square pixels, progressive (not interlaced)',
    'One black frame at the start and one at the end',
    'Crop information for any black bars',
    'No logos',
  ],
  audio: ['Codec: PCM', 'Sample rate: 48 kHz', 'Bit depth: 16-bit', 'Bit rate: about 1536 kb/s', 'Channels: stereo'],
} as const;
