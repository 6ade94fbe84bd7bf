import type { Release, Track } from '@portal/contracts';
import { furthestEnabledStep, initialStep, isStepDone, isStepEnabled, parseStep, stepsDone } from './wizard-steps';

const release = (over: Partial<Release> = {}): Release =>
  ({ release_id: 7, audios: [], crbt: '', video_platforms: '', status: 'draft', ...over }) as Release;
const track = { audio_id: 1 } as Track;

describe('wizard steps (core §4 Wizard steps)', () => {
  it('a new release only has tab 1', () => {
    const done = stepsDone(null);
    expect(done).toEqual({ info: false, songs: false, platforms: false });
    expect(isStepEnabled(2, done)).toBe(false);
    expect(furthestEnabledStep(done)).toBe(1);
  });

  it('saved info resumes on tab 2', () => {
    const done = stepsDone(release());
    expect(isStepDone(1, done)).toBe(true);
    expect(isStepEnabled(3, done)).toBe(false);
    expect(initialStep(done, null)).toBe(2);
  });

  it('a saved track enables tab 3 and resumes there', () => {
    const done = stepsDone(release({ audios: [track] }));
    expect(isStepEnabled(3, done)).toBe(true);
    expect(isStepEnabled(4, done)).toBe(false);
    expect(initialStep(done, null)).toBe(3);
  });

  it('saved platforms enable tab 4; an empty value does not count', () => {
    expect(isStepEnabled(4, stepsDone(release({ audios: [track], crbt: 'no', video_platforms: 'yes' })))).toBe(true);
    expect(isStepEnabled(4, stepsDone(release({ audios: [track], crbt: 'no', video_platforms: '' })))).toBe(false);
    expect(isStepEnabled(4, stepsDone(release({ audios: [], crbt: 'no', video_platforms: 'no' })))).toBe(false);
  });

  it('the step in the URL wins when it is enabled, else the furthest enabled', () => {
    const done = stepsDone(release({ audios: [track], crbt: 'no', video_platforms: 'no' }));
    expect(initialStep(done, 2)).toBe(2);
    expect(initialStep(stepsDone(release()), 4)).toBe(2);
    expect(parseStep('3')).toBe(3);
    expect(parseStep('9')).toBeNull();
    expect(parseStep(null)).toBeNull();
  });
});
