import { MOOD_NONE, TOOLS_LIMITS } from '@portal/contracts';

/**
 * Toggle a mood chip (areas §4): "None of these" becomes the only mood; another mood replaces "None of
 * these"; at most 2 moods (a third is ignored: its chip is disabled).
 */
export function toggleMood(selected: readonly string[], mood: string): string[] {
  if (selected.includes(mood)) return selected.filter((m) => m !== mood);
  if (mood === MOOD_NONE) return [MOOD_NONE];
  const rest = selected.filter((m) => m !== MOOD_NONE);
  return rest.length >= TOOLS_LIMITS.moodsMax ? rest : [...rest, mood];
}

/** Whether a chip is disabled: 2 moods are chosen and this is not one of them ("None of these" stays available). */
export const moodDisabled = (selected: readonly string[], mood: string): boolean =>
  !selected.includes(mood) && mood !== MOOD_NONE && selected.filter((m) => m !== MOOD_NONE).length >= TOOLS_LIMITS.moodsMax;
