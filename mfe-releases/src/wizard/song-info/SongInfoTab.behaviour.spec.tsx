/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUDIO_GUIDELINES, LYRICS_GUIDELINES, MUSIC_VIDEO_SPEC, NO_LINGUISTIC_CONTENT, QC_UI, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI, maxProductionYear, priceTiersFor } from '@portal/contracts';
import { TOAST_LIFT_VAR } from '@portal/kit';
import { draft, fileOf, findToast, location, renderWizard, resetWizardWorld, tabNamed, toastShown, track, wizardServer } from '../../test-support/wizard-server';

const S = RELEASE_UI.songs;
const T = RELEASE_UI.track;
const M = RELEASE_MESSAGES;
const W = RELEASE_UI.wizard;
let server: ReturnType<typeof wizardServer> | undefined;
afterEach(() => resetWizardWorld(server?.restore));
jest.setTimeout(30_000);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const details = () => screen.getByRole('dialog', { name: T.dialogTitle });
const inDialog = <E extends HTMLElement = HTMLInputElement>(label: string) =>
  within(details()).getByLabelText(new RegExp(`^${label.replace(/[()*+?.]/g, '\\$&')}\\s*\\*?$`)) as unknown as E;
const set = (label: string, value: string) => fireEvent.change(inDialog(label), { target: { value } });
const saveDetails = () => fireEvent.click(within(details()).getByRole('button', { name: T.save }));
const numbered = (text: string, n: number) => text.replace('{n}', String(n));

/** Release 7 with an uploaded but unsaved song kept on the server (docs/decisions/017): its row reopens ready for details. */
const withUploadedRow = (overrides = {}) =>
  draft({ track_draft: { audio_track: 'up-1.mp3', values: {}, updated_at: 1 }, ...overrides });

async function open(release = draft()) {
  server = wizardServer([release]);
  renderWizard('/create_releases/7?step=2');
  await screen.findByRole('heading', { name: S.tracksHeading });
}

/** Fills what a new song of a single still lacks (the rest is prefilled from the release, core §5). */
function fillMissing() {
  set(numbered(T.author, 1), 'Asha Rao');
  set(numbered(T.composer, 1), 'Ravi Menon');
  set(T.priceTier, priceTiersFor('single')[0].value);
  set(T.titleLanguage, 'en');
  set(T.lyricsLanguage, 'hi');
}

// Core §2 Tab 2, §4 "Only one unsaved song row may exist at a time", §5 audio rules.
describe('Song Info: the track list and the one unsaved row', () => {
  it('shows the audio and lyrics guidelines, opens an empty row for a release without songs, and keeps Next disabled', async () => {
    await open();
    expect(screen.getByRole('heading', { name: S.audioGuidelines })).toBeTruthy();
    for (const line of [...AUDIO_GUIDELINES, ...LYRICS_GUIDELINES]) expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getByText(S.newTrack)).toBeTruthy();
    expect(screen.getByText(S.detailsMissing)).toBeTruthy();
    expect(screen.getByText(S.uploadAudio)).toBeTruthy();
    // Nothing to go back to: no Discard on the only row.
    expect(screen.queryByRole('button', { name: S.discard })).toBeNull();
    expect(button(W.next).disabled).toBe(true);
    expect(tabNamed(W.tabs[2]).disabled).toBe(true);
  });

  it('refuses other audio types and files over 100 MB before uploading, with the spec’s messages', async () => {
    await open();
    const input = screen.getByLabelText(S.audioFile) as HTMLInputElement;
    expect(input.accept).toContain('.mp3');
    expect(input.accept).toContain('.wav');
    fireEvent.change(input, { target: { files: [fileOf('song.flac', 'audio/flac')] } });
    await findToast(M.audioType);
    fireEvent.change(input, { target: { files: [fileOf('song.mp3', 'audio/mpeg', RELEASE_LIMITS.audioMaxBytes + 1)] } });
    await findToast(M.audioTooLarge);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('Save in "Add Details" before the audio is uploaded says "File upload is pending." and sends nothing', async () => {
    await open();
    fireEvent.click(button(S.addDetails));
    await screen.findByRole('dialog', { name: T.dialogTitle });
    fillMissing();
    saveDetails();
    await findToast(M.uploadPending);
    expect(server!.calls('addSongInfo')).toHaveLength(0);
  });

  it('an uploaded song kept on the server reopens with its player and store check', async () => {
    await open(withUploadedRow());
    expect(await screen.findByLabelText(`${S.audioPlayer}: ${draft().release_title}`)).toBeTruthy();
    expect(screen.getByText(S.replaceAudio)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('track-qc').textContent).toBe(`${QC_UI.trackHeading}: ${QC_UI.passed}`));
  });

  it('saving the details with required fields missing says "Please fill all required fields"; complete, it saves the song and enables Platform', async () => {
    await open(withUploadedRow());
    fireEvent.click(button(S.addDetails));
    await screen.findByRole('dialog', { name: T.dialogTitle });
    // A single's song is prefilled from the release (title, artist, genre, P line), every value editable.
    expect(inDialog(T.title).value).toBe('Monsoon Nights');
    expect(inDialog<HTMLSelectElement>(numbered(RELEASE_UI.info.primaryArtist, 1)).value).toBe('11');
    expect(inDialog<HTMLSelectElement>(T.genre).value).toBe('Pop');
    saveDetails();
    await findToast(M.requiredFields);
    for (const label of [numbered(T.author, 1), numbered(T.composer, 1), T.priceTier, T.titleLanguage, T.lyricsLanguage]) {
      await waitFor(() => expect(inDialog(label).getAttribute('aria-invalid')).toBe('true'));
    }
    expect(server!.calls('addSongInfo')).toHaveLength(0);

    fillMissing();
    saveDetails();
    await findToast('Song saved on the server.');
    expect(server!.calls('addSongInfo')[0].body).toMatchObject({
      release_id: 7,
      audio_track: 'up-1.mp3',
      title: 'Monsoon Nights',
      track_version: 'Original',
      instrumental: 'No',
      primary_artist1: 11,
      author1: 'Asha Rao',
      composer1: 'Ravi Menon',
      price_tier: '1.49',
      track_title_language: 'en',
      lyrics_language: 'hi',
      isrc_yes_no: 'No',
      destribute_music: 'No',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.dialogTitle })).toBeNull());
    const row = screen.getByText('Monsoon Nights', { selector: 'strong' }).closest('li')!;
    expect(within(row).getByText(S.saved)).toBeTruthy();
    expect(within(row).getByRole('button', { name: S.edit })).toBeTruthy();
    expect(tabNamed(W.tabs[2]).disabled).toBe(false);
    expect(tabNamed(W.tabs[1]).getAttribute('aria-describedby')).not.toBeNull();
    expect(button(W.next).disabled).toBe(false);
    fireEvent.click(button(W.next));
    await waitFor(() => expect(location()).toBe('/create_releases/7?step=3'));
  });

  it('"Add new track" or Edit while a row is unsaved says "Please save the song details first."', async () => {
    await open(draft({ audios: [track()], number_of_tracks: 1 }));
    const saved = screen.getByText('Monsoon Song', { selector: 'strong' }).closest('li')!;
    fireEvent.click(button(S.addNewTrack));
    expect(await screen.findByText(S.newTrack)).toBeTruthy();
    fireEvent.click(button(S.addNewTrack));
    await findToast(M.saveSongFirst);
    fireEvent.click(within(saved).getByRole('button', { name: S.edit }));
    await waitFor(() => expect(toastShown(M.saveSongFirst)).toBe(true));
    expect(screen.queryByText(`${S.editing}: Monsoon Song`)).toBeNull();
    // Discard closes the new row; then Edit opens the saved song.
    fireEvent.click(button(S.discard));
    await waitFor(() => expect(screen.queryByText(S.newTrack)).toBeNull());
    fireEvent.click(within(screen.getByText('Monsoon Song', { selector: 'strong' }).closest('li')!).getByRole('button', { name: S.edit }));
    expect(await screen.findByText(`${S.editing}: Monsoon Song`)).toBeTruthy();
  });

  it('Edit reopens a saved song with its values and saves it with the update call', async () => {
    await open(draft({ audios: [track()], number_of_tracks: 1 }));
    fireEvent.click(button(S.edit));
    fireEvent.click(await screen.findByRole('button', { name: S.addDetails }));
    await screen.findByRole('dialog', { name: T.dialogTitle });
    expect(inDialog(T.title).value).toBe('Monsoon Song');
    expect(inDialog(numbered(T.author, 1)).value).toBe('Asha Rao');
    set(T.title, 'Monsoon Song (Acoustic)');
    saveDetails();
    await findToast('Song updated on the server.');
    expect(server!.calls('addSongInfo')).toHaveLength(0);
    expect(server!.calls('updateSongInfo')[0].body).toMatchObject({ audio_id: 70, release_id: 7, title: 'Monsoon Song (Acoustic)' });
    expect(await screen.findByText('Monsoon Song (Acoustic)', { selector: 'strong' })).toBeTruthy();
  });

  it('Delete asks first; No keeps the song, Yes deletes it and Platform is disabled again', async () => {
    await open(draft({ audios: [track()], number_of_tracks: 1 }));
    expect(tabNamed(W.tabs[2]).disabled).toBe(false);
    fireEvent.click(button(S.delete));
    const ask = await screen.findByRole('dialog', { name: S.deleteTitle });
    expect(within(ask).getByText(S.deleteQuestion.replace('{title}', 'Monsoon Song'))).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: S.deleteTitle })).toBeNull());
    expect(server!.calls('deleteSongInfo')).toHaveLength(0);

    fireEvent.click(button(S.delete));
    fireEvent.click(within(await screen.findByRole('dialog', { name: S.deleteTitle })).getByRole('button', { name: 'Yes' }));
    await findToast('Song deleted on the server.');
    expect(server!.calls('deleteSongInfo')[0].body).toEqual({ audio_id: 70 });
    await waitFor(() => expect(screen.queryByText('Monsoon Song', { selector: 'strong' })).toBeNull());
    expect(tabNamed(W.tabs[2]).disabled).toBe(true);
    expect(button(W.next).disabled).toBe(true);
  });
});

// Core §2 track fields, §5 "Required per track", "Other track rules", "Price tiers by release type".
describe('Song Info: the "Add Details" rules', () => {
  async function openDetails(release = withUploadedRow()) {
    await open(release);
    fireEvent.click(button(S.addDetails));
    await screen.findByRole('dialog', { name: T.dialogTitle });
  }
  const optionsOf = (label: string) => Array.from(inDialog<HTMLSelectElement>(label).options).map((o) => o.textContent);

  it('offers the two price tiers of a single: Digital 45 and Mini EP', async () => {
    await openDetails();
    expect(optionsOf(T.priceTier)).toEqual([RELEASE_UI.info.select, 'Digital 45 (€1.49)', 'Mini EP (€1.99)']);
  });

  it('offers fourteen price tiers for an album, from €3.99 to €15.99, and the spec’s versions and explicit choices', async () => {
    await openDetails(withUploadedRow({ release_type: 'album' }));
    const tiers = optionsOf(T.priceTier).slice(1);
    expect(tiers).toHaveLength(14);
    expect(tiers[0]).toBe('€3.99');
    expect(tiers[13]).toBe('€15.99');
    expect(optionsOf(T.version)).toEqual([RELEASE_UI.info.select, 'Original', 'Karaoke', 'Medley', 'Cover']);
    expect(optionsOf(T.explicitVersion)).toEqual([RELEASE_UI.info.select, 'Yes', 'No', 'Cleaned']);
  });

  it('formats the caller tune timing as HH:MM:SS from digits only, 8 characters at most', async () => {
    await openDetails();
    const tune = inDialog(T.callerTune);
    expect(tune.maxLength).toBe(RELEASE_LIMITS.callerTuneMaxChars);
    fireEvent.change(tune, { target: { value: '0130' } });
    expect(inDialog(T.callerTune).value).toBe('01:30');
    fireEvent.change(inDialog(T.callerTune), { target: { value: '01:30:05x9' } });
    expect(inDialog(T.callerTune).value).toBe('01:30:05');
  });

  it('keeps "0:15" and "1:02:03" as typed and shows the saved HH:MM:SS once the field is left (issue 38 item 7)', async () => {
    await openDetails();
    const type = (text: string) => {
      for (const ch of text) fireEvent.change(inDialog(T.callerTune), { target: { value: inDialog(T.callerTune).value + ch } });
    };
    type('0:15');
    expect(inDialog(T.callerTune).value).toBe('0:15');
    fireEvent.blur(inDialog(T.callerTune));
    expect(inDialog(T.callerTune).value).toBe('00:00:15');
    fireEvent.change(inDialog(T.callerTune), { target: { value: '' } });
    type('1:02:03');
    expect(inDialog(T.callerTune).value).toBe('1:02:03');
    fireEvent.blur(inDialog(T.callerTune));
    expect(inDialog(T.callerTune).value).toBe('01:02:03');
  });

  it('saves a caller tune typed as "0:15" as 00:00:15 (issue 38 item 7)', async () => {
    await open(withUploadedRow());
    fireEvent.click(button(S.addDetails));
    await screen.findByRole('dialog', { name: T.dialogTitle });
    fillMissing();
    for (const ch of '0:15') fireEvent.change(inDialog(T.callerTune), { target: { value: inDialog(T.callerTune).value + ch } });
    fireEvent.blur(inDialog(T.callerTune));
    expect(inDialog(T.callerTune).value).toBe('00:00:15');
    saveDetails();
    await findToast('Song saved on the server.');
    expect(server!.calls('addSongInfo')[0].body).toMatchObject({ caller_tune: '00:00:15' });
  });

  it('a music video needs its download link ("Link to music video is required."); No hides and clears the video fields', async () => {
    await openDetails();
    expect(within(details()).queryByLabelText(new RegExp(`^${T.downloadVideoLink}`))).toBeNull();
    set(T.distributeVideo, 'Yes');
    expect(within(details()).getByText(T.videoSpec)).toBeTruthy();
    for (const line of MUSIC_VIDEO_SPEC) expect(within(details()).getByText(line)).toBeTruthy();
    expect(inDialog(T.downloadVideoLink).required).toBe(true);
    fillMissing();
    saveDetails();
    await findToast(M.videoLinkRequired);
    expect(server!.calls('addSongInfo')).toHaveLength(0);

    set(T.downloadVideoLink, 'https://videos.example.com/monsoon.mov');
    set(T.distributeVideo, 'No');
    expect(within(details()).queryByLabelText(new RegExp(`^${T.downloadVideoLink}`))).toBeNull();
    saveDetails();
    await findToast('Song saved on the server.');
    expect(server!.calls('addSongInfo')[0].body).toMatchObject({ destribute_music: 'No', download_video_link: '', video_isrc: '' });
  });

  it('own ISRC "Yes" asks for the ISRC and checks its form; "No" hides it', async () => {
    await openDetails();
    expect(within(details()).queryByLabelText(new RegExp(`^${T.isrc}\\s*\\*?$`))).toBeNull();
    set(T.ownIsrc, 'Yes');
    expect(inDialog(T.isrc).required).toBe(true);
    fillMissing();
    set(T.isrc, 'NOT-AN-ISRC');
    saveDetails();
    await findToast(M.isrcFormat);
    set(T.ownIsrc, 'No');
    expect(within(details()).queryByLabelText(new RegExp(`^${T.isrc}\\s*\\*?$`))).toBeNull();
  });

  it('refuses a production year more than 3 years ahead', async () => {
    await openDetails();
    fillMissing();
    set(T.productionYear, String(maxProductionYear() + 1));
    saveDetails();
    await findToast(M.productionYearMax);
    expect(server!.calls('addSongInfo')).toHaveLength(0);
  });

  it('an instrumental gets "No Linguistic Content" as its lyrics language', async () => {
    await openDetails();
    set(T.instrumental, 'Yes');
    expect(inDialog<HTMLSelectElement>(T.lyricsLanguage).value).toBe(NO_LINGUISTIC_CONTENT.code);
  });

  it('authors: the first cannot be removed, a duplicate is cleared with "This author is already added.", a fourth is refused', async () => {
    await openDetails();
    expect(within(details()).queryByRole('button', { name: numbered(T.removeAuthor, 1) })).toBeNull();
    set(numbered(T.author, 1), 'Asha Rao');
    fireEvent.click(within(details()).getByRole('button', { name: new RegExp(T.addAuthor) }));
    await waitFor(() => expect(document.activeElement).toBe(inDialog(numbered(T.author, 2))));
    set(numbered(T.author, 2), 'asha rao');
    fireEvent.blur(inDialog(numbered(T.author, 2)));
    await findToast(M.authorAlreadyAdded);
    expect(inDialog(numbered(T.author, 2)).value).toBe('');
    // The message also stays next to the field it is about (and only there once the duplicate is gone).
    const notice = document.getElementById(inDialog(numbered(T.author, 2)).getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!);
    expect(notice?.textContent).toBe(M.authorAlreadyAdded);

    set(numbered(T.author, 2), 'Ravi Menon');
    fireEvent.click(within(details()).getByRole('button', { name: new RegExp(T.addAuthor) }));
    set(numbered(T.author, 3), 'Meera Iyer');
    fireEvent.click(within(details()).getByRole('button', { name: new RegExp(T.addAuthor) }));
    await findToast(M.authorLimit);
    expect(within(details()).queryByLabelText(new RegExp(`^${numbered(T.author, 4)}`))).toBeNull();

    // Removing author 2 moves author 3 up.
    fireEvent.click(within(details()).getByRole('button', { name: numbered(T.removeAuthor, 2) }));
    await waitFor(() => expect(inDialog(numbered(T.author, 2)).value).toBe('Meera Iyer'));
  });

  // The blur that clears the duplicate also marks author 1 touched: it must be validated with the values
  // after the clearing, or author 1 keeps a stale "This author is already added." until the next change.
  it('once a duplicate author is cleared, no other author field still says it is a duplicate', async () => {
    await openDetails();
    set(numbered(T.author, 1), 'Asha Rao');
    fireEvent.click(within(details()).getByRole('button', { name: new RegExp(T.addAuthor) }));
    set(numbered(T.author, 2), 'asha rao');
    fireEvent.blur(inDialog(numbered(T.author, 2)));
    await findToast(M.authorAlreadyAdded);
    await waitFor(() => expect(within(details()).getAllByText(M.authorAlreadyAdded)).toHaveLength(1), { timeout: 1500 });
  });

  // LANGUAGES already ends with "No Linguistic Content (zxx)", and the lyrics list puts it first: once only
  // (twice, React warned of two children keyed `zxx`).
  it('lists every lyrics language once', async () => {
    await openDetails();
    const values = Array.from(inDialog<HTMLSelectElement>(T.lyricsLanguage).options).map((o) => o.value);
    expect(values.filter((v) => v === NO_LINGUISTIC_CONTENT.code)).toHaveLength(1);
  });

  it('Cancel keeps what was typed on the row ("Details not saved yet") without saving', async () => {
    await openDetails();
    set(T.title, 'Rain Dance');
    fireEvent.click(within(details()).getByRole('button', { name: W.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.dialogTitle })).toBeNull());
    expect(screen.getByText(S.detailsReady)).toBeTruthy();
    expect(server!.calls('addSongInfo')).toHaveLength(0);
    fireEvent.click(button(S.addDetails));
    await screen.findByRole('dialog', { name: T.dialogTitle });
    expect(inDialog(T.title).value).toBe('Rain Dance');
  });
});

/** At 412 px "Song details updated." hid Next for 3 s (issue 38 item 5): toasts rise above Next at the bottom. */
describe('Song Info: toasts keep clear of Next', () => {
  it('lifts the toaster above the action row while Next stands in the bottom band, and lets it down when not', async () => {
    await open();
    const row = button(W.next).parentElement!;
    const at = (top: number) => {
      jest.spyOn(row, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 44, height: 44, left: 0, right: 412, width: 412, x: 0, y: top, toJSON: () => ({}) } as DOMRect);
      fireEvent.scroll(window);
    };
    at(window.innerHeight - 60);
    expect(document.documentElement.style.getPropertyValue(TOAST_LIFT_VAR)).toBe('68px');
    // The toaster reads the lift beside a dialog's own clearance.
    expect(document.querySelector('[data-rht-toaster]')!.getAttribute('style')).toContain(TOAST_LIFT_VAR);
    at(200);
    expect(document.documentElement.style.getPropertyValue(TOAST_LIFT_VAR)).toBe('');
  });
});
