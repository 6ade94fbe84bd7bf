import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPS_LIMITS, OPS_MESSAGES as M, OPS_UI } from '@portal/contracts';
import { EMPTY_PROMOTION, promotionErrors } from './PromotionForm';
import { PromotionsPage } from './PromotionsPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const U = OPS_UI.promotions;
const ARTIST = { user_id: 3, name: 'Asha Rao', email: 'asha@example.com', revoked: false, created_at: '2026-01-01T00:00:00.000Z' };
const PROMO = { promotion_id: 11, user_id: 3, song: 'Monsoon Nights', platform: 'Spotify', type: 'Editorial', playlist_name: 'Fresh Finds', playlist_link: 'https://open.spotify.com/playlist/1', image: `${'a'.repeat(32)}.png`, created_at: 0 };
const VALID = { song: 'Song', platform: 'Spotify', type: 'Editorial', playlist_name: 'Top 50', playlist_link: 'https://open.spotify.com/playlist/1' };
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'cover.png', { type: 'image/png' });

afterEach(() => jest.restoreAllMocks());

describe('promotion form checks (the contracts’ texts and limits)', () => {
  it('names each missing field and the image', async () => {
    const errors = await promotionErrors(EMPTY_PROMOTION, null, true);
    expect(errors).toMatchObject({ song: M.promotionSongRequired, platform: M.promotionPlatformRequired, playlist_link: M.promotionLinkInvalid, image: M.promotionImageRequired });
    expect(await promotionErrors({ ...VALID, playlist_link: 'ftp://x.example.com' }, png(), true)).toEqual({ playlist_link: M.promotionLinkInvalid });
    expect(await promotionErrors(VALID, png(OPS_LIMITS.promotion.imageMaxBytes + 1), true)).toEqual({ image: M.promotionImageTooLarge });
    // Editing keeps the current image when no file is chosen.
    expect(await promotionErrors(VALID, null, false)).toEqual({});
  });
});

describe('PromotionsPage (docs/decisions/008)', () => {
  it('chooses an artist, lists their promotions, and edits one without a new image', async () => {
    const spy = mockApi({ 'ops/users': [ARTIST], 'ops/content/promotions': [PROMO], 'ops/content/promotions/edit': PROMO });
    renderAt('/ops/content?view=promotions', <PromotionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.chooseUser} asha@example.com` }));
    expect(await screen.findByText('Monsoon Nights')).toBeTruthy();
    await waitFor(() => expect(callsTo(spy, 'ops/content/promotions').at(-1)?.query).toMatchObject({ user_id: 3, page: 1 }));

    fireEvent.click(screen.getByRole('button', { name: `${U.edit}: Monsoon Nights` }));
    const dialog = screen.getByRole('dialog', { name: U.editHeading });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(U.platform)), { target: { value: 'JioSaavn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.save }));
    await waitFor(() =>
      expect(callsTo(spy, 'ops/content/promotions/edit')).toEqual([
        { body: { promotion_id: 11, song: 'Monsoon Nights', platform: 'JioSaavn', type: 'Editorial', playlist_name: 'Fresh Finds', playlist_link: 'https://open.spotify.com/playlist/1', image: '' } },
      ]),
    );
  });

  it('adding without an image shows the contracts’ message and sends nothing; removing asks first', async () => {
    const spy = mockApi({ 'ops/users': [ARTIST], 'ops/content/promotions': [PROMO] });
    renderAt('/ops/content?view=promotions', <PromotionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.chooseUser} asha@example.com` }));
    const form = await screen.findByTestId('promotion-add');
    for (const [label, value] of [[U.song, 'Song'], [U.platform, 'Spotify'], [U.type, 'Editorial'], [U.playlistName, 'Top 50'], [U.playlistLink, 'https://open.spotify.com/playlist/1']]) {
      fireEvent.change(within(form).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)), { target: { value } });
    }
    fireEvent.click(within(form).getByRole('button', { name: U.add }));
    expect(await within(form).findByText(M.promotionImageRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(spy, 'ops/content/promotions/add')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: `${U.remove}: Monsoon Nights` }));
    expect(within(screen.getByRole('dialog')).getByText(U.confirmRemove)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/content/promotions/remove')).toEqual([{ body: { promotion_id: 11 } }]));
  });
});
