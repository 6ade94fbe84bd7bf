import { checkArtistRules, RELEASE_LIMITS, RELEASE_MESSAGES, type ArtistType } from '@portal/contracts';

/** Artist slots as form values: slot key ('primary_artist1', 'featuring2'...) to artist id or ''. */
export type ArtistValues = Record<string, string>;

export const PRIMARY_KEYS = ['primary_artist1', 'primary_artist2', 'primary_artist3'] as const;
/** Featuring holds at most 2 (core §9), so the third featuring slot is never offered. */
export const FEATURING_KEYS = ['featuring1', 'featuring2'] as const;

/** The artist slots of a form's values (release info or track), for the pickers. */
export const artistSlotValues = (values: Record<(typeof PRIMARY_KEYS)[number] | (typeof FEATURING_KEYS)[number], string>): ArtistValues =>
  Object.fromEntries([...PRIMARY_KEYS, ...FEATURING_KEYS].map((k) => [k, values[k]]));

const idOrNull = (value: string) => (value ? Number(value) : null);

/**
 * The artist slots of a form's values (release info or track) as the API takes them (core §3, §9):
 * primary artist 1 as a number (undefined when empty, so the schema says it is required), the other
 * slots as an id or null, and featuring3 always null (it is never offered).
 */
export const artistSlotPayload = (values: Record<(typeof PRIMARY_KEYS)[number] | (typeof FEATURING_KEYS)[number], string>) => ({
  primary_artist1: values.primary_artist1 ? Number(values.primary_artist1) : undefined,
  primary_artist2: idOrNull(values.primary_artist2),
  primary_artist3: idOrNull(values.primary_artist3),
  featuring1: idOrNull(values.featuring1),
  featuring2: idOrNull(values.featuring2),
  featuring3: null,
});

export const keysFor = (type: ArtistType): readonly string[] => (type === 'primary' ? PRIMARY_KEYS : FEATURING_KEYS);

const filled = (values: ArtistValues, keys: readonly string[]) => keys.filter((k) => (values[k] ?? '') !== '').length;

/** Slot values as the numbers checkArtistRules expects. */
export function toArtistIds(values: ArtistValues): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const key of [...PRIMARY_KEYS, ...FEATURING_KEYS]) out[key] = values[key] ? Number(values[key]) : null;
  return out;
}

/** The rule message (core §5 "Artist rules") if `values` with `key` set to `artistId` breaks a rule. */
export function checkSelection(values: ArtistValues, key: string, artistId: string): string | null {
  if (!artistId) return null;
  return checkArtistRules(toArtistIds({ ...values, [key]: artistId }));
}

/** The limit message if one more artist of `type` may not be added (core §5, §9). */
export function checkNewSlot(values: ArtistValues, type: ArtistType): string | null {
  const primary = filled(values, PRIMARY_KEYS);
  const featuring = filled(values, FEATURING_KEYS);
  const limitOfType = type === 'primary' ? RELEASE_LIMITS.maxPrimaryArtists : RELEASE_LIMITS.maxFeaturingArtists;
  const ofType = type === 'primary' ? primary : featuring;
  if (ofType + 1 > limitOfType || primary + featuring + 1 > RELEASE_LIMITS.maxArtistsTotal) return RELEASE_MESSAGES.artistLimit;
  return null;
}

/** Removes slot `index` of `keys`, moving the later slots up so filled slots stay contiguous. */
export function removeSlot(values: ArtistValues, keys: readonly string[], index: number): ArtistValues {
  const patch: ArtistValues = {};
  for (let i = index; i < keys.length; i += 1) patch[keys[i]] = i + 1 < keys.length ? (values[keys[i + 1]] ?? '') : '';
  return patch;
}
