import type { Release } from '@portal/contracts';

export type StepNumber = 1 | 2 | 3 | 4;
export const STEPS: readonly StepNumber[] = [1, 2, 3, 4];

/** Steps the saved draft has completed (core §4 "Wizard steps"). */
export type StepsDone = { info: boolean; songs: boolean; platforms: boolean };

const platformSaved = (value: string | null | undefined) => value === 'yes' || value === 'no';

/**
 * What a draft (getDraft body) has completed: info once the release exists, songs with at least
 * one saved track, platforms once crbt and video_platforms were saved ('' or null before).
 */
export function stepsDone(release: Release | null): StepsDone {
  const info = release !== null;
  const songs = info && (release.audios?.length ?? 0) > 0;
  const platforms = songs && platformSaved(release.crbt) && platformSaved(release.video_platforms);
  return { info, songs, platforms };
}

/** Whether a tab may be opened: 1 always, each later tab once the step before it is done. */
export function isStepEnabled(step: StepNumber, done: StepsDone): boolean {
  switch (step) {
    case 1:
      return true;
    case 2:
      return done.info;
    case 3:
      return done.songs;
    case 4:
      return done.platforms;
  }
}

/** Whether a tab shows its check mark. Step 4 is done only by submitting, which leaves the wizard. */
export function isStepDone(step: StepNumber, done: StepsDone): boolean {
  return step === 1 ? done.info : step === 2 ? done.songs : step === 3 ? done.platforms : false;
}

export function furthestEnabledStep(done: StepsDone): StepNumber {
  return [...STEPS].reverse().find((step) => isStepEnabled(step, done)) ?? 1;
}

/** Parses `?step=` of the URL; null unless it is 1..4. */
export function parseStep(raw: string | null): StepNumber | null {
  const n = Number(raw);
  return raw !== null && (STEPS as readonly number[]).includes(n) ? (n as StepNumber) : null;
}

/**
 * The tab to open on load: the step named in the URL when that step is enabled (a reload comes back
 * where the user was), otherwise the furthest enabled step (resume where the draft was left).
 */
export function initialStep(done: StepsDone, requested: StepNumber | null): StepNumber {
  if (requested !== null && isStepEnabled(requested, done)) return requested;
  return furthestEnabledStep(done);
}

/**
 * The step "Edit & re-submit" opens for a rejected release (docs/decisions/017): the earliest step
 * holding a field the review names, else step 1 (a note without coded reasons: read it from the start).
 */
export function firstReviewStep(reasons: ReadonlyArray<{ step: number }> | null | undefined): StepNumber {
  const steps = (reasons ?? []).map((r) => r.step).filter((n): n is StepNumber => (STEPS as readonly number[]).includes(n));
  return steps.length ? (Math.min(...steps) as StepNumber) : 1;
}
