import { replyKeyAction } from './reply-keys';

describe('replyKeyAction (areas §2: Enter sends, Shift+Enter adds a line)', () => {
  it('sends on Enter', () => expect(replyKeyAction({ key: 'Enter', shiftKey: false })).toBe('send'));
  it('keeps Shift+Enter as a new line', () => expect(replyKeyAction({ key: 'Enter', shiftKey: true })).toBe('default'));
  it('ignores Enter while composing and other keys', () => {
    expect(replyKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('default');
    expect(replyKeyAction({ key: 'a', shiftKey: false })).toBe('default');
  });
});
