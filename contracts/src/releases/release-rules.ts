// The release rules the browser checks as the user types, without yup (core §5): date limits, the
// caller-tune format, identifier patterns, artist and credit rules. Kept apart from the schemas so a
// screen that uses only these does not build every release schema when its chunk runs: the contracts
// are `sideEffects: false`, so a bundle leaves out a module none of whose exports it uses (docs/decisions/010).
import dayjs from 'dayjs';
import { RELEASE_LIMITS as L } from './releases.limits';
import { RELEASE_MESSAGES as M } from './releases.messages';

/**
 * Earliest release date a user may pick: the start of (today + 6 days) in the picker's local time
 * (core §5 "Release date: minimum today plus 6 days"). Returns epoch ms.
 */
export function minReleaseDate(now: number = Date.now()): number {
  return dayjs(now).startOf('day').add(L.releaseDateMinDaysAhead, 'day').valueOf();
}
/**
 * The server cannot know the browser's time zone, so it accepts the earliest local midnight of
 * today + 6 days anywhere on earth (UTC+14). Epoch ms.
 */
export function minReleaseDateAnyZone(now: number = Date.now()): number {
  const utcMidnight = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return utcMidnight + L.releaseDateMinDaysAhead * 86_400_000 - 14 * 3_600_000;
}
/** Highest production year allowed (core §5): current year + 3. */
export const maxProductionYear = (now: number = Date.now()): number => new Date(now).getFullYear() + L.productionYearMaxAhead;

/** Format digits as HH:MM:SS while typing (core §5 caller tune: digits only, at most 8 characters). */
export function formatCallerTune(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 6);
  return digits.replace(/^(\d{2})(\d{1,2})?(\d{1,2})?$/, (_, h: string, m?: string, s?: string) => [h, m, s].filter(Boolean).join(':'));
}
export const CALLER_TUNE_PATTERN = /^\d{2}:[0-5]\d:[0-5]\d$/;
/** ISRC: 2-letter country, 3 alphanumeric registrant, 2-digit year, 5-digit designation; hyphens allowed. */
export const ISRC_PATTERN = /^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/;
export const UPC_EAN_PATTERN = /^\d{12,13}$/;

/** Ids of the non-empty artist slots of a release or track, in order. */
export function artistSlots(v: Record<string, unknown>) {
  const pick = (keys: string[]) => keys.map((k) => v[k]).filter((x): x is number => x !== null && x !== undefined && x !== '' && x !== 0).map(Number);
  return {
    primary: pick(['primary_artist1', 'primary_artist2', 'primary_artist3']),
    featuring: pick(['featuring1', 'featuring2', 'featuring3']),
  };
}
/**
 * Artist rules (core §5 "Artist rules per track", §9): primary at most 3, featuring at most 2,
 * together at most 3, no duplicates. Returns the spec's message, or null when the set is valid.
 */
export function checkArtistRules(v: Record<string, unknown>): string | null {
  const { primary, featuring } = artistSlots(v);
  const all = [...primary, ...featuring];
  if (new Set(all).size !== all.length) return M.artistAlreadyAdded;
  if (primary.length > L.maxPrimaryArtists || featuring.length > L.maxFeaturingArtists || all.length > L.maxArtistsTotal) return M.artistLimit;
  return null;
}
/** Authors or composers: at most 3, no duplicates (case-insensitive), first one required (core §5). */
export function checkCreditNames(names: Array<string | null | undefined>, kind: 'author' | 'composer'): string | null {
  const filled = names.map((n) => (n ?? '').trim()).filter(Boolean);
  const lower = filled.map((n) => n.toLowerCase());
  if (new Set(lower).size !== lower.length) return kind === 'author' ? M.authorAlreadyAdded : M.composerAlreadyAdded;
  if (filled.length > (kind === 'author' ? L.maxAuthors : L.maxComposers)) return kind === 'author' ? M.authorLimit : M.composerLimit;
  return null;
}
