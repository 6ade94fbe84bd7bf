/**
 * Texts of the tools, rights and promotions areas (areas §2, §5, §8). Quoted exactly where the spec
 * quotes them; the rest are ours (the spec says "not shown") and worded for the artist.
 */
export const TOOLS_MESSAGES = {
  // areas §5, quoted.
  mandatory: 'Please fill all mandatory fields',
  invalidFacebook: 'Invalid Facebook Link',
  invalidInstagram: 'Invalid Instagram Link',
  invalidAdditionalAssets: 'Invalid Additional Assets',
  /** {n}: 1-based position of the first invalid URL of a list. */
  invalidUrlAt: 'Invalid URL at position {n}',
  invalidLink: 'Please enter a valid link',
  // areas §8, quoted.
  submitted: 'Submission successful.',
  // Ours: the spec gives the limits but not their texts.
  moodsMax: 'You can select at most 2 moods.',
  moodsNoneAlone: '"None of these" cannot be combined with other moods.',
  moodUnknown: 'Please choose moods from the list.',
  whyPitchMax: 'Why are you pitching this song can be at most 500 characters.',
  quickPitchMax: 'Quick Pitch can be at most 100 characters.',
  additionalInfoMax: 'Additional Information can be at most 250 characters.',
  artworkAssetMax: 'Artwork Asset can be at most 500 characters.',
  textMax: 'This field is too long.',
  /** {max}: the list limit (10). */
  urlsMax: 'You can add up to {max} URLs.',
  /** {n}: 1-based position of the repeated URL. */
  duplicateUrlAt: 'Duplicate URL at position {n}',
  languageUnknown: 'Please choose a lyrics language from the list.',
  pRightsUnknown: 'Please choose the publishing rights from the list.',
  lyricsMax: 'Lyrics can be at most 20000 characters.',
  iswcInvalid: 'Invalid ISWC: use the form T-123.456.789-C with a valid check digit.',
  /** {line}: 1-based line number of the LRC file; {reason}: what is wrong there. */
  lrcInvalid: 'Invalid LRC file at line {line}: {reason}',
  lrcEmpty: 'Invalid LRC file: it has no timed lyric line.',
  lrcNotText: 'Invalid LRC file: it must be UTF-8 text.',
  lrcTooLarge: 'LRC file more than 256 KB is not allowed.',
  lrcMissing: 'Please choose an LRC file to upload.',
  lrcOneFile: 'Please upload one LRC file at a time.',
  lrcIncomplete: 'The upload did not complete. Please try again.',
  lrcUploaded: 'LRC file uploaded successfully.',
  lrcUnknown: 'The LRC file was not found. Please upload it again.',
  platformUnknown: 'Please choose a platform from the list.',
  policyUnknown: 'Please choose a policy from the list.',
  channelTypeUnknown: 'Please choose a channel type from the list.',
  channelNameMax: 'Channel name can be at most 100 characters.',
  youtubeChannelUrl: 'Please enter a YouTube channel link (youtube.com/channel/UC…, /@handle, /c/ or /user/).',
  releaseNotFound: 'Release not found.',
  audioNotFound: 'Audio not found.',
  submissionNotFound: 'Submission not found.',
  notUpcoming: 'Only upcoming releases can be pitched: this release date has passed.',
  alreadyPitched: 'This song has already been pitched.',
  alreadyRequested: 'A request with these details is already in review.',
  historyLoaded: 'History loaded.',
  releasesLoaded: 'Releases loaded.',
  audiosLoaded: 'Audios loaded.',
  promotionsLoaded: 'Promotions loaded.',
  noPromotions: 'No Promotions Yet',
  /** Bell text when an operator decides (areas §4: status set by the server). {kind} {title} {status} {reason}. */
  reviewNotification: 'Your {kind} request for "{title}" is {status}.{reason}',
  promotionNotification: 'New promotion: "{song}" on {platform} ({type}).',
} as const;
