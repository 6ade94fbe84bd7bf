import { checkNewSlot, checkSelection, removeSlot } from './artist-rules';

const none = { primary_artist1: '', primary_artist2: '', primary_artist3: '', featuring1: '', featuring2: '' };

describe('artist rules of the pickers (core §5 "Artist rules per track", §9)', () => {
  it('refuses a duplicate', () => {
    expect(checkSelection({ ...none, primary_artist1: '1' }, 'featuring1', '1')).toBe('This artist is already added.');
  });
  it('allows 3 in total and no more', () => {
    const two = { ...none, primary_artist1: '1', primary_artist2: '2' };
    expect(checkSelection(two, 'featuring1', '3')).toBeNull();
    expect(checkSelection({ ...two, featuring1: '3' }, 'featuring2', '4')).toBe('Maximum artist limit reached');
  });
  it('offers a new slot only within the limits', () => {
    expect(checkNewSlot({ ...none, primary_artist1: '1' }, 'primary')).toBeNull();
    expect(checkNewSlot({ ...none, primary_artist1: '1', primary_artist2: '2', primary_artist3: '3' }, 'primary')).toBe('Maximum artist limit reached');
    expect(checkNewSlot({ ...none, primary_artist1: '1', featuring1: '2', featuring2: '3' }, 'featuring')).toBe('Maximum artist limit reached');
    expect(checkNewSlot({ ...none, primary_artist1: '1', featuring1: '2' }, 'featuring')).toBeNull();
  });
  it('moves later slots up when one is removed', () => {
    expect(removeSlot({ ...none, primary_artist1: '1', primary_artist2: '2', primary_artist3: '3' }, ['primary_artist1', 'primary_artist2', 'primary_artist3'], 1)).toEqual({
      primary_artist2: '3',
      primary_artist3: '',
    });
  });
});
