/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLATFORM_COUNTS, QC_UI, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { formatDate } from '@portal/kit';
import { draft, findToast, location, refuse, renderWizard, resetWizardWorld, track, wizardServer } from '../../test-support/wizard-server';

const U = RELEASE_UI.submission;
const F = RELEASE_UI.facts;
const M = RELEASE_MESSAGES;
let server: ReturnType<typeof wizardServer> | undefined;
afterEach(() => resetWizardWorld(server?.restore));

const ready = (overrides = {}) =>
  draft({
    audios: [track(), track({ audio_id: 71, title: 'Second Rain', isrc: 'INA1B2600077', isrc_yes_no: 'Yes', explicit_version: 'Cleaned' })],
    number_of_tracks: 2,
    featuring1: 21,
    crbt: 'yes',
    video_platforms: 'no',
    ...overrides,
  });
const submit = () => screen.getByRole('button', { name: U.submit }) as HTMLButtonElement;
// The label reads termsBefore, the terms link, termsAfter (the name computation spaces the link).
const terms = () => screen.getByRole('checkbox', { name: new RegExp(`^${U.termsBefore}\\s*${U.termsLink}`) }) as HTMLInputElement;
/** The value shown next to a fact label of the summary. */
const fact = (label: string) => {
  const term = screen.getAllByText(label).find((el) => el.tagName === 'DT');
  return term?.nextElementSibling?.textContent;
};

async function open(release = ready()) {
  server = wizardServer([release]);
  renderWizard('/create_releases/7?step=4');
  await screen.findByRole('heading', { name: U.heading });
}

// Core §2 Tab 4 "Shows the submission data and a terms checkbox; the Submit button needs the checkbox", §4 Submit.
describe('Submission: the summary and Submit', () => {
  it('summarises the release from getSubmissionDetails: facts with artist names, tracks and platforms', async () => {
    await open();
    expect(server!.calls('getSubmissionDetails')[0].query).toEqual({ release_id: '7' });
    await waitFor(() => expect(fact(F.primaryArtist)).toBe('Asha Rao'));
    expect(fact(F.title)).toBe('Monsoon Nights');
    expect(fact(F.releaseType)).toBe('Single');
    expect(fact(F.featuring)).toBe('Dev Patel');
    expect(fact(F.genre)).toBe('Pop');
    expect(fact(F.label)).toBe('Saffron Sound');
    expect(fact(F.releaseDate)).toBe(formatDate(ready().release_date));
    expect(fact(F.upcEan)).toBe(F.none);
    expect(fact(F.numberOfTracks)).toBe('2');

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', 'Monsoon Song', 'Original', U.noIsrc, 'Digital 45 (€1.49)', 'No'],
      ['2', 'Second Rain', 'Original', 'INA1B2600077', 'Digital 45 (€1.49)', 'Cleaned'],
    ]);

    const platforms = screen.getByRole('heading', { name: U.platformsHeading }).parentElement!;
    const state = (label: string) => within(platforms).getByText(label).nextElementSibling?.textContent;
    expect(state(P(RELEASE_UI.platform.audio, PLATFORM_COUNTS.audio))).toBe(U.included);
    expect(state(P(RELEASE_UI.platform.crbt, PLATFORM_COUNTS.crbt))).toBe(U.included);
    expect(state(P(RELEASE_UI.platform.video, PLATFORM_COUNTS.video))).toBe(U.notIncluded);
  });

  it('keeps Submit disabled until the terms are accepted; the terms link opens in a new tab', async () => {
    await open();
    expect(terms().checked).toBe(false);
    expect(submit().disabled).toBe(true);
    const link = screen.getByRole('link', { name: U.termsLink });
    expect(link.getAttribute('href')).toBe(U.termsUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(terms());
    expect(submit().disabled).toBe(false);
    fireEvent.click(terms());
    expect(submit().disabled).toBe(true);
    expect(server!.calls('submissionButton')).toHaveLength(0);
  });

  it('Submit sends the release for review, shows the server’s message and opens the catalogue', async () => {
    await open();
    fireEvent.click(terms());
    fireEvent.click(submit());
    await findToast('Submitted on the server.');
    expect(server!.calls('submissionButton')[0].body).toEqual({ release_id: 7, terms: true });
    await waitFor(() => expect(location()).toBe('/catalog'));
    expect(screen.getByRole('heading', { name: 'Catalog page' })).toBeTruthy();
  });

  it('a refused submission shows the server’s message and stays, with Submit usable again', async () => {
    server = wizardServer([ready()], { submissionButton: () => refuse(400, M.submitNeedsArtwork) });
    renderWizard('/create_releases/7?step=4');
    await screen.findByRole('heading', { name: U.heading });
    fireEvent.click(terms());
    fireEvent.click(submit());
    await findToast(M.submitNeedsArtwork);
    expect(location()).toBe('/create_releases/7?step=4');
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('when the summary cannot be loaded it says so, and Try again loads it', async () => {
    let failures = 1;
    server = wizardServer([ready()], { getSubmissionDetails: () => (failures-- > 0 ? refuse(500, 'Summary unavailable.') : undefined) });
    renderWizard('/create_releases/7?step=4');
    expect(await screen.findByText(RELEASE_UI.wizard.loadFailed)).toBeTruthy();
    await findToast('Summary unavailable.');
    expect(screen.queryByRole('button', { name: U.submit })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: RELEASE_UI.wizard.retry }));
    expect(await screen.findByRole('heading', { name: U.heading })).toBeTruthy();
  });
});

// docs/decisions/020: the store-ready checklist on the Submission tab.
describe('Submission: the store-ready checklist', () => {
  it('lists each file with its check and the problems of a refused one', async () => {
    server = wizardServer([ready()]);
    server.state.readiness = {
      ready: false,
      items: [
        { subject: 'Artwork', status: 'passed', problems: [] },
        { subject: 'Track 1: Monsoon Song', status: 'refused', problems: [{ code: 'sample_rate', severity: 'blocking', message: 'Sample rate 22.05 kHz is below 44.1 kHz.' }] },
      ],
    } as typeof server.state.readiness;
    renderWizard('/create_releases/7?step=4');
    const verdict = await screen.findByTestId('store-ready');
    expect(verdict.textContent).toBe(QC_UI.checklistNotReady);
    expect(screen.getByText('Artwork:', { exact: false }).textContent).toBe(`Artwork: ${QC_UI.passed}`);
    expect(screen.getByText('Track 1: Monsoon Song:', { exact: false }).textContent).toBe(`Track 1: Monsoon Song: ${QC_UI.refused}`);
    expect(screen.getByText('Sample rate 22.05 kHz is below 44.1 kHz.')).toBeTruthy();
  });

  it('says everything is store-ready when nothing is refused', async () => {
    server = wizardServer([ready()]);
    server.state.readiness = { ready: true, items: [{ subject: 'Artwork', status: 'passed', problems: [] }] };
    renderWizard('/create_releases/7?step=4');
    expect((await screen.findByTestId('store-ready')).textContent).toBe(QC_UI.checklistReady);
  });
});

function P(label: string, count: string) {
  return label.replace('{count}', count);
}
