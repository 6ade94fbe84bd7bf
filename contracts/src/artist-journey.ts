// Texts and paths of the new artist's journey (issue 38, "Artist"): the bank details form at any
// balance, the resumable audio upload's states, the bell's links and the caller tune's typed forms.
import type { SubmissionKind } from './tools-rights/tools-rights.limits';

/** Texts of the artist's screens added for issue 38 (profile, wizard audio upload, track details). */
export const ARTIST_JOURNEY_UI = {
  profile: {
    /** Opens the bank details form at any balance (only the payout request needs the minimum). */
    addBank: 'Add bank details',
    /** Under the button: why the details may be added before the balance reaches the minimum. */
    addBankNote: 'You can add your bank details now; a payout can be requested once your balance reaches $100.',
  },
  upload: {
    /** Offline during an upload: the bytes sent so far stay on the server. */
    waitingForConnection: 'Waiting for the connection… {percent}% is on the server.',
    /** A chunk failed and is retried after a pause. */
    paused: 'Paused at {percent}%, trying again…',
    /** Going on from the server's offset (after a cut, or a reload and the same file chosen again). */
    resumingFrom: 'Resuming from {size}',
    /** After a reload: an unfinished upload of this browser, by name. */
    unfinished: 'Unfinished upload: “{name}”, {percent}% ({sent} of {size}) is on the server. Choose the same file to resume it.',
    /** Forgets the unfinished upload (the next choice starts from 0). */
    forget: 'Forget unfinished upload',
  },
} as const;

/**
 * The in-app page a bell item leads to (areas §2 bell; issue 38): a split offer and a royalty credit
 * to Earnings, a tools or rights decision to the history of that tool, a promotion to Promotions.
 */
export const NOTIFICATION_LINKS = {
  earnings: '/earnings',
  promotions: '/marketing/promotions',
  submission: {
    'profile-linking': '/tools/profile-linking',
    playlist: '/marketing/playlist-pitchment',
    lyrics: '/tools/distribute-lyrics',
    ugc: '/rights/ugc-claims',
    whitelist: '/rights/whitelist',
  } satisfies Record<SubmissionKind, string>,
} as const;

/** Bytes as the upload states show them: "26 MB", "4.5 MB", "850 KB" (1 MB = 1024 × 1024 bytes, as RELEASE_LIMITS.audioMaxBytes). */
export function formatUploadSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 10) return `${Math.round(mb)} MB`;
  if (mb >= 1) return `${Math.round(mb * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
