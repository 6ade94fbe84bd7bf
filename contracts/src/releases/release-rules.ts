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

/**
 * Format the caller tune timing while typing (core §5 caller tune: digits, at most 8 characters).
 * Digits alone are grouped HH:MM:SS as typed ("0130" → "01:30"). A colon the artist types after one
 * digit keeps their groups (issue 38: "0:15" stays "0:15", "1:02:03" stays), two digits each at most;
 * normalizeCallerTune() then writes the stored HH:MM:SS.
 */
export function formatCallerTune(input: string): string {
  const kept = input.replace(/[^\d:]/g, '');
  const groups = kept.split(':');
  if (groups.length > 1 && groups.slice(0, -1).some((g) => g.length === 1)) {
    return groups.slice(0, 3).map((g) => g.slice(0, 2)).join(':').slice(0, 8);
  }
  const digits = kept.replace(/\D/g, '').slice(0, 6);
  const grouped = digits.replace(/^(\d{2})(\d{1,2})?(\d{1,2})?$/, (_, h: string, m?: string, s?: string) => [h, m, s].filter(Boolean).join(':'));
  // A colon typed after a full group stays, so "10:" does not swallow it before the seconds come.
  return kept.endsWith(':') && (digits.length === 2 || digits.length === 4) ? `${grouped}:` : grouped;
}

/**
 * The stored HH:MM:SS of a caller tune timing as typed (issue 38): m:ss or mm:ss → 00:MM:SS
 * ("0:15" → "00:00:15"), h:mm:ss → 0H:MM:SS ("1:02:03" → "01:02:03"). Anything else is returned
 * as it is, for CALLER_TUNE_PATTERN to refuse with "Caller tune timing must be HH:MM:SS.".
 */
export function normalizeCallerTune(value: string): string {
  const pad = (n: string) => n.padStart(2, '0');
  const ms = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (ms) return `00:${pad(ms[1])}:${ms[2]}`;
  const hms = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/.exec(value);
  if (hms) return `${pad(hms[1])}:${hms[2]}:${hms[3]}`;
  return value;
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
