/** Texts of the dashboard (areas §2 Dashboard) and of the content its operators manage. Ours to word (the spec quotes none). */
export const CONTENT_MESSAGES = {
  newsList: 'News.',
  videoLinksList: 'Update videos.',
  headingRequired: 'A news heading is required (255 characters at most).',
  linkInvalid: 'The news link must be a web address starting with http:// or https://.',
  videoIdInvalid: 'The video must be a YouTube video id (11 characters) or a YouTube link.',
  titleTooLong: 'The video title is too long (255 characters at most).',
} as const;

/** Labels and states of the dashboard page (areas §2 Dashboard). */
export const DASHBOARD_UI = {
  title: 'Dashboard',
  newsHeading: 'News',
  updatesHeading: 'Updates',
  newsLoading: 'Loading news…',
  updatesLoading: 'Loading videos…',
  noNews: 'No news yet.',
  noUpdates: 'No update videos yet.',
  newsFailed: 'The news could not be loaded.',
  updatesFailed: 'The videos could not be loaded.',
  retry: 'Try again',
  opensInNewTab: '(opens in a new tab)',
  videoFallbackTitle: 'Update video {n}',
  watchOnYoutube: 'Watch on YouTube',
  /** Accessible name of a video's play button; {title} is the video's title. */
  play: 'Play {title}',
  /** A new artist's first steps, shown until each is done (docs/decisions/017). */
  onboarding: {
    heading: 'Get started',
    intro: 'A few steps before your first release reaches the stores.',
    done: 'Done',
    todo: 'To do',
    profile: 'Complete your profile (phone and address)',
    bank: 'Add your bank details for payouts',
    release: 'Create your first release',
    artistIds: 'Add your Apple Music or Spotify artist IDs',
    progress: '{done} of {total} done',
  },
} as const;

/** Embeds use YouTube's privacy-enhanced domain (no cookies until play). */
export const YOUTUBE_EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';
export const YOUTUBE_WATCH_BASE = 'https://www.youtube.com/watch?v=';
