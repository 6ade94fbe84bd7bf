/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { ARTWORK_GUIDELINES, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI, minReleaseDate, subGenresFor } from '@portal/contracts';
import { formatDate } from '@portal/kit';
import {
  draft, field, fakeUploads, fileOf, findToast, location, renderWizard, resetWizardWorld, tabNamed, toastShown, wizardServer,
} from '../../test-support/wizard-server';

const I = RELEASE_UI.info;
const M = RELEASE_MESSAGES;
const W = RELEASE_UI.wizard;
let server: ReturnType<typeof wizardServer> | undefined;
let uploads: ReturnType<typeof fakeUploads> | undefined;
afterEach(() => {
  uploads?.restore();
  uploads = undefined;
  resetWizardWorld(server?.restore);
});
jest.setTimeout(30_000);

const select = (label: string, value: string) => fireEvent.change(field<HTMLSelectElement>(label), { target: { value } });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: W.saveAndContinue }) as HTMLButtonElement;
const optionsOf = (label: string) => Array.from(field<HTMLSelectElement>(label).options).map((o) => o.textContent);

async function openNew() {
  server = wizardServer();
  renderWizard('/create_releases');
  await screen.findByRole('heading', { name: I.detailsHeading });
  // The pickers are filled from getArtist.
  await waitFor(() => expect(optionsOf(`${I.primaryArtist.replace('{n}', '1')}`)).toContain('Asha Rao'));
}

/** Picks the earliest allowed day in the read-only calendar (core §2: minimum today plus 6 days). */
async function pickEarliestDate() {
  fireEvent.click(screen.getByRole('combobox', { name: new RegExp(I.releaseDate) }));
  const calendar = await screen.findByRole('dialog', { name: RELEASE_UI.datePicker.dialogTitle }, { timeout: 15_000 });
  fireEvent.click(within(calendar).getByRole('button', { name: dayjs(minReleaseDate()).format('D MMMM YYYY') }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: RELEASE_UI.datePicker.dialogTitle })).toBeNull());
}

function fillRequired() {
  select(I.releaseType, 'single');
  type(I.releaseTitle, 'Monsoon Nights');
  select(I.primaryArtist.replace('{n}', '1'), '11');
  select(I.genre, 'Pop');
  select(I.subGenre, 'Indie Pop');
  type(I.labelName, 'Saffron Sound');
  type(I.pLine, '2026 Asha Rao');
  type(I.cLine, '2026 Asha Rao');
}

// Core §2 Tab 1 and §5 "Required in release info".
describe('Release Info: fields, labels and required values', () => {
  it('labels every field, marks the required ones, and offers the four release types', async () => {
    await openNew();
    for (const label of [I.releaseType, I.releaseTitle, I.genre, I.subGenre, I.labelName, I.pLine, I.cLine]) {
      expect(field(label).required).toBe(true);
    }
    expect(field(I.upcEan).required).toBe(false);
    expect(optionsOf(I.releaseType)).toEqual([I.select, 'EP', 'Single', 'Album', 'Compilation']);
    const date = screen.getByRole('combobox', { name: new RegExp(I.releaseDate) }) as HTMLInputElement;
    // Read-only, DD/MM/yyyy, with the earliest date and the pitching advice next to it.
    expect(date.readOnly).toBe(true);
    expect(date.placeholder).toBe('DD/MM/YYYY');
    expect(screen.getByText(I.releaseDateHint.replace('{date}', formatDate(minReleaseDate())))).toBeTruthy();
    expect(screen.getByText(M.pitchAdvice)).toBeTruthy();
    expect(screen.getByText(W.requiredNote)).toBeTruthy();
  });

  it('Save & Continue with nothing filled says "Please fill all required fields", marks the fields and sends nothing', async () => {
    await openNew();
    fireEvent.click(saveButton());
    await findToast(M.requiredFields);
    for (const label of [I.releaseType, I.releaseTitle, I.genre, I.subGenre, I.labelName, I.pLine, I.cLine]) {
      await waitFor(() => expect(field(label).getAttribute('aria-invalid')).toBe('true'));
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server!.calls('createReleaseInfo')).toHaveLength(0);
  });

  it('the sub genres follow the genre, and a new genre clears a sub genre it does not have', async () => {
    await openNew();
    expect(optionsOf(I.subGenre)).toEqual([I.select, ...subGenresFor('')]);
    select(I.genre, 'Pop');
    expect(optionsOf(I.subGenre)).toEqual([I.select, ...subGenresFor('Pop')]);
    expect(optionsOf(I.subGenre)).toContain('Indie Pop');
    select(I.subGenre, 'Indie Pop');
    select(I.genre, 'Indian Pop');
    await waitFor(() => expect(field<HTMLSelectElement>(I.subGenre).value).toBe(''));
    expect(optionsOf(I.subGenre)).toContain('Bollywood');
  });

  it('refuses a UPC/EAN that is not 12 or 13 digits, with the rule’s message', async () => {
    await openNew();
    fillRequired();
    await pickEarliestDate();
    type(I.upcEan, '12345');
    fireEvent.click(saveButton());
    await findToast(M.upcFormat);
    expect(server!.calls('createReleaseInfo')).toHaveLength(0);
  });
});

// Core §2 "A confirmation dialog 'Are you sure to proceed?' (title Confirmation) precedes creation", §4.
describe('Release Info: creating and updating', () => {
  it('asks "Are you sure to proceed?" first; No sends nothing; Yes creates the release and opens Song Info', async () => {
    await openNew();
    fillRequired();
    await pickEarliestDate();
    fireEvent.click(saveButton());
    const confirm = await screen.findByRole('dialog', { name: M.confirmTitle });
    expect(within(confirm).getByText(M.confirmQuestion)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.confirmTitle })).toBeNull());
    expect(server!.calls('createReleaseInfo')).toHaveLength(0);

    fireEvent.click(saveButton());
    fireEvent.click(within(await screen.findByRole('dialog', { name: M.confirmTitle })).getByRole('button', { name: 'Yes' }));
    await findToast('Release info saved on the server.');
    const [sent] = server!.calls('createReleaseInfo');
    expect(sent.body).toMatchObject({
      release_type: 'single',
      release_title: 'Monsoon Nights',
      primary_artist1: 11,
      primary_artist2: null,
      featuring1: null,
      genre: 'Pop',
      sub_genre: 'Indie Pop',
      lable_name: 'Saffron Sound',
      release_date: dayjs(minReleaseDate()).startOf('day').valueOf(),
      p_line: '2026 Asha Rao',
      c_line: '2026 Asha Rao',
    });
    await waitFor(() => expect(location()).toBe('/create_releases/8?step=2'));
    await waitFor(() => expect(tabNamed(W.tabs[1]).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('heading', { name: W.titleEdit })).toBeTruthy();
    expect(tabNamed(W.tabs[2]).disabled).toBe(true);
    expect(tabNamed(W.tabs[0]).getAttribute('aria-describedby')).not.toBeNull();
  });

  it('a refused creation shows the server’s message and stays on Release Info', async () => {
    await openNew();
    server!.restore();
    server = wizardServer([], { createReleaseInfo: () => ({ status: 400, json: { status: 400, message: M.upcInUse } }) });
    fillRequired();
    await pickEarliestDate();
    fireEvent.click(saveButton());
    fireEvent.click(within(await screen.findByRole('dialog', { name: M.confirmTitle })).getByRole('button', { name: 'Yes' }));
    await findToast(M.upcInUse);
    expect(location()).toBe('/create_releases');
    expect(saveButton().disabled).toBe(false);
  });

  it('editing a saved draft updates it without asking and moves to Song Info', async () => {
    server = wizardServer([draft()]);
    renderWizard('/create_releases/7?step=1');
    await screen.findByRole('heading', { name: I.detailsHeading });
    // The saved values are in the fields.
    expect(field(I.releaseTitle).value).toBe('Monsoon Nights');
    expect(field<HTMLSelectElement>(I.releaseType).value).toBe('single');
    expect((screen.getByRole('combobox', { name: new RegExp(I.releaseDate) }) as HTMLInputElement).value).toBe(formatDate(draft().release_date));
    type(I.releaseTitle, 'Monsoon Nights (Deluxe)');
    fireEvent.click(saveButton());
    await findToast('Release info updated on the server.');
    expect(screen.queryByRole('dialog', { name: M.confirmTitle })).toBeNull();
    expect(server.calls('updateReleaseInfo')[0].body).toMatchObject({ release_id: 7, release_title: 'Monsoon Nights (Deluxe)' });
    await waitFor(() => expect(location()).toBe('/create_releases/7?step=2'));
  });

  it('a release date that is now too early (a draft saved long ago) is refused with the minimum-date message', async () => {
    server = wizardServer([draft({ release_date: minReleaseDate() - 3 * 86_400_000 })]);
    renderWizard('/create_releases/7?step=1');
    await screen.findByRole('heading', { name: I.detailsHeading });
    fireEvent.click(saveButton());
    await findToast(M.releaseDateMin);
    expect(server.calls('updateReleaseInfo')).toHaveLength(0);
  });
});

// Core §5 "Artist rules", §2 "Artist pickers have add-new dialogs titled 'Add Primary Artist' and 'Add Featuring Artist'".
describe('Release Info: artist pickers', () => {
  const primary = (n: number) => I.primaryArtist.replace('{n}', String(n));
  const featuring = (n: number) => I.featuringArtist.replace('{n}', String(n));

  it('refuses the same artist twice with "This artist is already added." and keeps the slot as it was', async () => {
    await openNew();
    select(primary(1), '11');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(I.addPrimarySlot) }));
    await waitFor(() => expect(document.activeElement).toBe(field(primary(2))));
    select(primary(2), '11');
    await findToast(M.artistAlreadyAdded);
    expect(field<HTMLSelectElement>(primary(2)).value).toBe('');
  });

  it('allows three artists in all: a fourth slot or pick says "Maximum artist limit reached"', async () => {
    await openNew();
    select(primary(1), '11');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(I.addPrimarySlot) }));
    select(primary(2), '12');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(I.addPrimarySlot) }));
    select(primary(3), '13');
    expect(toastShown(M.artistLimit)).toBe(false);
    // No fourth primary slot exists...
    fireEvent.click(screen.getByRole('button', { name: new RegExp(I.addPrimarySlot) }));
    await findToast(M.artistLimit);
    expect(screen.queryByLabelText(new RegExp(`^${primary(4)}`))).toBeNull();
    // ...and a featuring artist would make four in all.
    select(featuring(1), '21');
    await waitFor(() => expect(toastShown(M.artistLimit)).toBe(true));
    expect(field<HTMLSelectElement>(featuring(1)).value).toBe('');
  });

  it('the first primary slot cannot be removed; a later one can, and the slots below move up', async () => {
    await openNew();
    select(primary(1), '11');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(I.addPrimarySlot) }));
    select(primary(2), '12');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(I.addPrimarySlot) }));
    select(primary(3), '13');
    expect(screen.queryByRole('button', { name: I.removePrimarySlot.replace('{n}', '1') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: I.removePrimarySlot.replace('{n}', '2') }));
    await waitFor(() => expect(field<HTMLSelectElement>(primary(2)).value).toBe('13'));
    expect(screen.queryByLabelText(new RegExp(`^${primary(3)}`))).toBeNull();
  });

  it('"Add Primary Artist" needs a name, then adds the artist and picks it in the slot', async () => {
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: I.newPrimaryArtist }));
    const dialog = await screen.findByRole('dialog', { name: M.addPrimaryArtist });
    fireEvent.click(within(dialog).getByRole('button', { name: RELEASE_UI.addArtist.add }));
    await findToast(M.artistNameRequired);
    expect(server!.calls('addArtist')).toHaveLength(0);
    const name = within(dialog).getByLabelText(new RegExp(`^${RELEASE_UI.addArtist.artistName}`));
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Tara Sen' } });
    fireEvent.change(within(dialog).getByLabelText(RELEASE_UI.addArtist.spotifyId), { target: { value: 'sp-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: RELEASE_UI.addArtist.add }));
    await findToast('Artist added.');
    expect(server!.calls('addArtist')[0].body).toEqual({ artist_type: 'primary', artist_name: 'Tara Sen', apple_id: '', spotify_id: 'sp-9' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.addPrimaryArtist })).toBeNull());
    const slot = field<HTMLSelectElement>(primary(1));
    await waitFor(() => expect(slot.selectedOptions[0]?.textContent).toBe('Tara Sen'));
  });

  it('"Add Featuring Artist" is its own dialog, and a refusal shows the server’s message and keeps it open', async () => {
    server = wizardServer([], { addArtist: () => ({ status: 409, json: { status: 409, message: M.artistExists } }) });
    renderWizard('/create_releases');
    await screen.findByRole('heading', { name: I.detailsHeading });
    fireEvent.click(screen.getByRole('button', { name: I.newFeaturingArtist }));
    const dialog = await screen.findByRole('dialog', { name: M.addFeaturingArtist });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${RELEASE_UI.addArtist.artistName}`)), { target: { value: 'Dev Patel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: RELEASE_UI.addArtist.add }));
    await findToast(M.artistExists);
    expect(server.calls('addArtist')[0].body).toMatchObject({ artist_type: 'featuring' });
    expect(screen.getByRole('dialog', { name: M.addFeaturingArtist })).toBeTruthy();
  });
});

// Core §2 "Artwork upload (accepts png, gif, jpeg)", §5 "Artwork: max 1.5 MB", §8 success and fallback texts.
describe('Release Info: artwork upload', () => {
  const input = () => screen.getByLabelText(I.artworkLabel) as HTMLInputElement;

  it('shows the guidelines and refuses other types and files over 1.5 MB before sending anything', async () => {
    uploads = fakeUploads(() => ({ status: 200, json: { status: 200, message: '', body: { filename: 'never.jpg' } } }));
    await openNew();
    expect(screen.getByRole('heading', { name: I.artworkGuidelines })).toBeTruthy();
    for (const line of ARTWORK_GUIDELINES) expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getByText(I.artworkEmpty)).toBeTruthy();
    expect(input().accept).toContain('image/png');

    // A refusal stays under the upload box until the next upload (issue 38 item 5).
    fireEvent.change(input(), { target: { files: [fileOf('cover.bmp', 'image/bmp')] } });
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(M.artworkType);
    fireEvent.change(input(), { target: { files: [fileOf('cover.jpg', 'image/jpeg', RELEASE_LIMITS.artworkMaxBytes + 1)] } });
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(M.artworkTooLarge);
    // Exactly 1.5 MB is allowed.
    fireEvent.change(input(), { target: { files: [fileOf('cover.jpg', 'image/jpeg', RELEASE_LIMITS.artworkMaxBytes)] } });
    await findToast(M.artworkUploaded);
    expect(screen.queryByTestId('upload-refusal')).toBeNull();
    expect(uploads.sent).toEqual(['/api/upload?kind=artwork']);
  });

  it('shows the percentage while uploading, disables Save meanwhile, then the preview and "Artwork uploaded successfully."', async () => {
    uploads = fakeUploads(() => ({ status: 200, json: { status: 200, message: 'stored', body: { filename: 'cover-1.jpg' } } }));
    await openNew();
    fireEvent.change(input(), { target: { files: [fileOf('cover.jpg', 'image/jpeg')] } });
    expect(await screen.findByRole('progressbar', { name: I.uploading.replace('{percent}', '40') })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(input().disabled).toBe(true);
    await findToast(M.artworkUploaded);
    expect(saveButton().disabled).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: I.artworkPreview })).toBeTruthy();
    expect(screen.queryByText(I.artworkEmpty)).toBeNull();
  });

  it('a refused upload shows the server’s message (its measured size), or "Something went wrong" when it has none, under the box and named by the input', async () => {
    const measured = 'Artwork must be at least 3000x3000 pixels; this file is 1200x1200.';
    let answer: { status: number; json: { status: number; message: string } } = { status: 400, json: { status: 400, message: measured } };
    uploads = fakeUploads(() => answer);
    await openNew();
    fireEvent.change(input(), { target: { files: [fileOf('cover.png', 'image/png')] } });
    const line = await screen.findByTestId('upload-refusal');
    expect(line.textContent).toBe(measured);
    expect(line.getAttribute('role')).toBe('alert');
    expect(input().getAttribute('aria-describedby')).toContain(line.id);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    // Not a toast that goes away: the line is the only copy.
    expect(toastShown(measured)).toBe(false);
    answer = { status: 500, json: { status: 500, message: '' } };
    fireEvent.change(input(), { target: { files: [fileOf('cover.png', 'image/png')] } });
    await waitFor(() => expect(screen.getByTestId('upload-refusal').textContent).toBe('Something went wrong'));
    expect(screen.getByText(I.artworkEmpty)).toBeTruthy();
  });
});
