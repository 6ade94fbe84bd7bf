/**
 * The texts and limits that portal-core.md quotes, copied from the spec as literals (never imported
 * from the contracts), so a changed contract text or limit fails the tables' tests. New areas add a
 * table of their own beside this one (`areas.spec-table.ts`). Keys name the contracts value checked.
 */
export const CORE_SPEC_MESSAGES: Array<[string, string]> = [
  // core §5 Login
  ['AUTH_MESSAGES.emailRequired', 'Email is Required'],
  ['AUTH_MESSAGES.emailInvalid', 'Email is Invalid'],
  ['AUTH_MESSAGES.passwordRequired', 'Password is Required'],
  // core §5 Signup, in its order
  ['AUTH_MESSAGES.nameRequired', 'Name is Required'],
  ['AUTH_MESSAGES.phoneRequired', 'Phone number is Required'],
  ['AUTH_MESSAGES.phoneInvalid', 'Phone number is invalid'],
  ['AUTH_MESSAGES.addressRequired', 'Address is Required'],
  ['AUTH_MESSAGES.passwordLength', 'Password must be of 6 characters'],
  ['AUTH_MESSAGES.termsRequired', 'Please read & accept terms'],
  ['AUTH_MESSAGES.emailUpdatesRequired', 'Please accept email updates.'],
  // core §5 New password (recovery)
  ['AUTH_MESSAGES.newPasswordRequired', 'Please enter password'],
  ['AUTH_MESSAGES.newPasswordMismatch', 'Please must be same in both fields'],
  // core §8, §9 captcha and OTP
  ['AUTH_MESSAGES.captchaExpired', 'Captcha expired. Try again ?'],
  ['AUTH_MESSAGES.captchaFailed', 'Captcha verification failed.'],
  ['AUTH_MESSAGES.captchaSuccess', 'Good to see you Human.'],
  ['AUTH_MESSAGES.resendWait', 'Please wait for 30 sec'],
  // core §5 Artwork, Audio
  ['RELEASE_MESSAGES.artworkTooLarge', 'File more than 1.5 MB is not allowed.'],
  ['RELEASE_MESSAGES.audioTooLarge', 'Audio file more than 100 MB is not allowed.'],
  ['RELEASE_MESSAGES.audioType', 'Supported Audio files (.mp3 & .wav)'],
  // core §5 tracks and artists
  ['RELEASE_MESSAGES.videoLinkRequired', 'Link to music video is required.'],
  ['RELEASE_MESSAGES.requiredFields', 'Please fill all required fields'],
  ['RELEASE_MESSAGES.artistAlreadyAdded', 'This artist is already added.'],
  ['RELEASE_MESSAGES.artistLimit', 'Maximum artist limit reached'],
  ['RELEASE_MESSAGES.authorAlreadyAdded', 'This author is already added.'],
  ['RELEASE_MESSAGES.authorLimit', "Can't add more author."],
  ['RELEASE_MESSAGES.saveSongFirst', 'Please save the song details first.'],
  ['RELEASE_MESSAGES.uploadPending', 'File upload is pending.'],
  // core §5 Platforms
  ['RELEASE_MESSAGES.callerTuneFirst', 'Please set caller tune first.'],
  ['RELEASE_MESSAGES.videoDetailsFirst', 'Provide Music Video details first'],
  // core §6 revoked text
  ['RELEASE_MESSAGES.revoked', 'You cannot create a release due to the violation of distribution terms. To get back the access, please contact {email}.'],
  // core §8
  ['GENERIC_ERROR', 'Something went wrong.'],
  ['GENERIC_ARTWORK_ERROR', 'Something went wrong'],
  ['RELEASE_MESSAGES.artworkUploaded', 'Artwork uploaded successfully.'],
];

/** Limits of core §5 and §9, as literals. */
export const CORE_SPEC_LIMITS: Array<[string, number]> = [
  ['RELEASE_LIMITS.catalogPageSize', 25],
  ['RELEASE_LIMITS.searchDebounceMs', 500],
  ['AUTH_LIMITS.otpLength', 5],
  ['AUTH_LIMITS.otpResendFloorSeconds', 30],
  ['AUTH_LIMITS.phoneDigits', 10],
  ['AUTH_LIMITS.signupPasswordMin', 6],
  ['AUTH_LIMITS.recoveryPasswordMin', 5],
  ['RELEASE_LIMITS.releaseDateMinDaysAhead', 6],
  ['RELEASE_LIMITS.productionYearMaxAhead', 3],
  ['RELEASE_LIMITS.maxPrimaryArtists', 3],
  ['RELEASE_LIMITS.maxFeaturingArtists', 2],
  ['RELEASE_LIMITS.maxArtistsTotal', 3],
  ['RELEASE_LIMITS.maxAuthors', 3],
  ['RELEASE_LIMITS.maxComposers', 3],
  ['RELEASE_LIMITS.artworkMaxBytes', 1572864],
  ['RELEASE_LIMITS.audioMaxBytes', 100 * 1024 * 1024],
  ['RELEASE_LIMITS.callerTuneMaxChars', 8],
  ['RELEASE_LIMITS.platformLoaderMs', 2000],
  ['RELEASE_LIMITS.storeDialogLoaderMs', 5000],
  ['SHELL.notificationPageSize', 20],
];

/**
 * Price tiers per release type (core §5, §9), in euro, written out in full: single Digital 45 and Mini
 * EP; ep four tiers; other types 14 tiers, 3.99, 4.49, then 1.00 steps to 15.99.
 */
export const CORE_SPEC_PRICE_LADDER: Record<'single' | 'ep' | 'album' | 'compilation', string[]> = {
  single: ['1.49', '1.99'],
  ep: ['1.49', '1.99', '2.99', '3.99'],
  album: ['3.99', '4.49', '4.99', '5.99', '6.99', '7.99', '8.99', '9.99', '10.99', '11.99', '12.99', '13.99', '14.99', '15.99'],
  compilation: ['3.99', '4.49', '4.99', '5.99', '6.99', '7.99', '8.99', '9.99', '10.99', '11.99', '12.99', '13.99', '14.99', '15.99'],
};

/** Product number of a track (core §2 /catalog/{id}, §9): prefix plus audio_id. */
export const CORE_SPEC_PRODUCT_PREFIX = 'FM-AU-21';
/** Platform counts shown (core §9). */
export const CORE_SPEC_PLATFORM_COUNTS = { audio: '190+', crbt: '4+', video: '8+' };
