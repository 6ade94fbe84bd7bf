import { RELEASE_MESSAGES } from '../releases/releases.messages';

/**
 * Texts of the video release form and the video catalogue (areas §2, §5, §8). Quoted exactly where the
 * spec quotes them; the rest (server answers the spec leaves to us) are ours to word.
 */
export const VIDEO_MESSAGES = {
  // Quoted by areas §5 / §8.
  acceptTerms: 'Please accept T & C.',
  fillAllFields: 'Please fill in all the fields before submit',
  thumbnailTooLarge: 'File more than 1.5 MB is not allowed.',
  thumbnailUploaded: 'Thumbnail uploaded successfully.',
  submitted: 'Release submitted for review',
  noVideoRelease: 'No Video Release Found.',
  totalVideoReleases: 'Total Video Releases',
  // Ours (areas §5 "Release date at least 6 days after today" gives no text; the audio wizard's is reused).
  releaseDateMin: RELEASE_MESSAGES.releaseDateMin,
  downloadLinkInvalid: 'The download link must be a web address starting with http:// or https://.',
  downloadLinkTooLong: 'The download link is too long (1000 characters at most).',
  upcFormat: 'Video UPC must be 12 or 13 digits.',
  upcCheckDigit: 'Video UPC is not valid: its last digit (the GS1 check digit) does not match the other digits.',
  isrcFormat: 'Video ISRC must look like CC-XXX-YY-NNNNN (country, registrant, year, designation; hyphens optional).',
  // The identifier registry (docs/decisions/016): a UPC identifies one release, an ISRC one recording of one owner.
  upcInUse: 'This Video UPC is already used by another release. A UPC identifies one release: enter another one or leave it empty.',
  isrcInUse: 'This Video ISRC belongs to a recording of another account. Enter your own ISRC or leave it empty.',
  namesTooLong: 'Actor and actress names are too long (500 characters at most each).',
  namesInvalid: 'Actor and actress names must be text, separated by commas.',
  thumbnailType: 'The thumbnail must be a JPEG, PNG or GIF image.',
  thumbnailUnknown: 'Please upload the thumbnail again.',
  releaseNotFound: RELEASE_MESSAGES.releaseNotFound,
  audioNotFound: 'Audio not found on this release.',
  releaseNotEligible: 'A video can only be released for a submitted or approved audio release.',
  videoExists: 'A video release for this audio is already in review or approved.',
  videoNotFound: 'Video release not found.',
  catalogStatusInvalid: RELEASE_MESSAGES.catalogStatusInvalid,
  // Server answers of the video API (api/src/video).
  releaseTitles: 'Releases for a video.',
  audioTitles: 'Audio titles.',
  catalogList: 'Video releases.',
  /** Bell notification after an operator sets a status; {reason} is empty unless one was given. */
  statusNotification: 'Your video release "{title}" is now {status}.{reason}',
} as const;
