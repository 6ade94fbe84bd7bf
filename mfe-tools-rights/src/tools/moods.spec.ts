import { moodDisabled, toggleMood } from './moods';

describe('mood chips (areas §4)', () => {
  it('keeps at most 2 moods and disables the others', () => {
    let s = toggleMood([], 'Happy');
    s = toggleMood(s, 'Sad');
    expect(s).toEqual(['Happy', 'Sad']);
    expect(toggleMood(s, 'Chill')).toEqual(['Happy', 'Sad']);
    expect(moodDisabled(s, 'Chill')).toBe(true);
    expect(moodDisabled(s, 'Happy')).toBe(false);
    expect(toggleMood(s, 'Happy')).toEqual(['Sad']);
  });
  it('makes "None of these" the only mood, and another mood replaces it', () => {
    expect(toggleMood(['Happy', 'Sad'], 'None of these')).toEqual(['None of these']);
    expect(toggleMood(['None of these'], 'Chill')).toEqual(['Chill']);
    expect(moodDisabled(['Happy', 'Sad'], 'None of these')).toBe(false);
  });
});
