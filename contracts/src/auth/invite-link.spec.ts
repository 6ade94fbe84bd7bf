import { AUTH_LIMITS } from './auth.limits';
import { inviteQuery, readInvite, welcomeBannerText } from './invite-link';

describe('invitation links (core §2 /signup, docs/decisions/017)', () => {
  it('the link made for Ravi by Asha greets Ravi and names Asha as the inviter', () => {
    const search = new URLSearchParams(inviteQuery('Ravi Kumar', 'Asha Rao'));
    expect(search.toString()).toBe('name=Ravi+Kumar&from=Asha+Rao');
    const text = welcomeBannerText(readInvite(search));
    expect(text).toBe('Welcome, Ravi Kumar! Asha Rao invited you to distribute your music with us.');
    expect(text).not.toContain('Ravi Kumar invited');
  });

  it('a link typed by hand with only ?name= greets that person without claiming they invited', () => {
    const text = welcomeBannerText(readInvite(new URLSearchParams('name=Ravi')))!;
    expect(text).toBe('Welcome, Ravi! You have been invited to distribute your music with us.');
    expect(text).not.toContain('Ravi invited');
  });

  it('only ?from= names the inviter; nothing gives no banner', () => {
    expect(welcomeBannerText(readInvite(new URLSearchParams('from=Asha')))).toBe('Welcome! Asha invited you to distribute your music with us.');
    expect(welcomeBannerText(readInvite(new URLSearchParams('')))).toBeNull();
    expect(welcomeBannerText(readInvite(new URLSearchParams('name=%20%20&from=')))).toBeNull();
  });

  it('folds spaces and cuts names to the Name limit', () => {
    expect(readInvite(new URLSearchParams('name=Asha%20%20Rao%20')).invitee).toBe('Asha Rao');
    expect(readInvite(new URLSearchParams(`from=${'a'.repeat(300)}`)).inviter).toHaveLength(AUTH_LIMITS.nameMax);
  });
});
