/**
 * @jest-environment jsdom
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RELEASE_MESSAGES, RELEASE_UI, fillMessage } from '@portal/contracts';
import { draft, findToast, location, refuse, renderWizard, resetWizardWorld, tabNamed, track, wizardServer } from '../test-support/wizard-server';

const W = RELEASE_UI.wizard;
const [TAB1, TAB2, TAB3, TAB4] = W.tabs;
let server: ReturnType<typeof wizardServer> | undefined;
afterEach(() => resetWizardWorld(server?.restore));

const enabled = () => W.tabs.filter((name) => !tabNamed(name).disabled);
const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
/** Tabs showing the check mark, announced as "Completed" (aria-describedby). */
const done = () =>
  screen.getAllByRole('tab').filter((t) => {
    const id = t.getAttribute('aria-describedby');
    return id !== null && document.getElementById(id)?.textContent === W.stepDone;
  }).map((t) => t.textContent);

// Core §2 "Four tabs ... Tabs 2 to 4 are disabled until the earlier step is done; a done tab shows a check mark", §4 "Wizard steps".
describe('the wizard tabs and which of them can be opened', () => {
  it('a new release opens on Release Info, titled Create Audio Release, with tabs 2 to 4 disabled and none done', async () => {
    server = wizardServer();
    renderWizard('/create_releases');
    const list = await screen.findByRole('tablist', { name: W.stepsLabel });
    expect(within(list).getAllByRole('tab').map((t) => t.textContent)).toEqual([...W.tabs]);
    expect(screen.getByRole('heading', { name: W.titleCreate })).toBeTruthy();
    expect(selected()).toBe(TAB1);
    expect(enabled()).toEqual([TAB1]);
    expect(done()).toEqual([]);
    // The open tab's panel is labelled by it.
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabNamed(TAB1).id);
    expect(server.calls('getDraft')).toHaveLength(0);
  });

  it('a draft with its release info saved opens Song Info; Platform and Submission stay disabled', async () => {
    server = wizardServer([draft()]);
    renderWizard('/create_releases/7');
    await screen.findByRole('heading', { name: W.titleEdit });
    await waitFor(() => expect(selected()).toBe(TAB2));
    expect(enabled()).toEqual([TAB1, TAB2]);
    expect(done()).toEqual([TAB1]);
    await waitFor(() => expect(location()).toBe('/create_releases/7?step=2'));
    expect(server.calls('getDraft')[0].query).toEqual({ release_id: '7' });
  });

  it('a draft with a saved track enables Platform; saved platforms enable Submission and every earlier tab is done', async () => {
    server = wizardServer([draft({ audios: [track()], number_of_tracks: 1 })]);
    const first = renderWizard('/create_releases/7');
    await waitFor(() => expect(selected()).toBe(TAB3));
    expect(enabled()).toEqual([TAB1, TAB2, TAB3]);
    expect(done()).toEqual([TAB1, TAB2]);
    first.unmount();
    resetWizardWorld(server.restore);

    server = wizardServer([draft({ audios: [track()], number_of_tracks: 1, crbt: 'no', video_platforms: 'yes' })]);
    renderWizard('/create_releases/7');
    await waitFor(() => expect(selected()).toBe(TAB4));
    expect(enabled()).toEqual([...W.tabs]);
    // Step 4 is done only by submitting, which leaves the wizard.
    expect(done()).toEqual([TAB1, TAB2, TAB3]);
  });

  it('opens the tab named in ?step= when it is enabled, and falls back to the furthest enabled tab when it is not', async () => {
    server = wizardServer([draft({ audios: [track()], number_of_tracks: 1 })]);
    const first = renderWizard('/create_releases/7?step=1');
    await waitFor(() => expect(selected()).toBe(TAB1));
    expect(screen.getByLabelText(new RegExp(`^${RELEASE_UI.info.releaseTitle}`))).toBeTruthy();
    first.unmount();

    // Submission is not reachable before the platforms are saved: the URL is corrected to the Platform step.
    renderWizard('/create_releases/7?step=4');
    await waitFor(() => expect(selected()).toBe(TAB3));
    await waitFor(() => expect(location()).toBe('/create_releases/7?step=3'));
    expect(screen.queryByRole('button', { name: RELEASE_UI.submission.submit })).toBeNull();
  });

  it('a click on an enabled tab opens it; a disabled tab does nothing', async () => {
    server = wizardServer([draft()]);
    renderWizard('/create_releases/7');
    await waitFor(() => expect(selected()).toBe(TAB2));
    fireEvent.click(tabNamed(TAB1));
    await waitFor(() => expect(selected()).toBe(TAB1));
    expect(location()).toBe('/create_releases/7?step=1');
    fireEvent.click(tabNamed(TAB4));
    expect(selected()).toBe(TAB1);
    expect(location()).toBe('/create_releases/7?step=1');
  });

  it('arrow keys, Home and End move focus over the enabled tabs only (roving tabindex); Enter opens the focused one', async () => {
    server = wizardServer([draft()]);
    renderWizard('/create_releases/7?step=1');
    await waitFor(() => expect(selected()).toBe(TAB1));
    // Only the open tab is in the Tab order.
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    const list = screen.getByRole('tablist');
    act(() => tabNamed(TAB1).focus());
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabNamed(TAB2));
    // Tabs 3 and 4 are disabled: ArrowRight wraps to tab 1.
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabNamed(TAB1));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabNamed(TAB2));
    fireEvent.keyDown(list, { key: 'Home' });
    expect(document.activeElement).toBe(tabNamed(TAB1));
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement).toBe(tabNamed(TAB2));
    // Moving focus does not open a tab (manual activation); Enter on a button is its click.
    expect(selected()).toBe(TAB1);
    fireEvent.click(document.activeElement as HTMLElement);
    await waitFor(() => expect(selected()).toBe(TAB2));
  });
});

// Core §6: away mode first (the server's text, creation blocked), then revoked (the spec's text with the support address).
describe('the release gate in front of the wizard', () => {
  it('away mode shows the server’s text instead of the wizard', async () => {
    server = wizardServer();
    server.state.away = { status: 'yes', text: 'Back on Monday: we are upgrading the stores.' };
    server.state.revoked = 1;
    renderWizard('/create_releases');
    expect(await screen.findByRole('heading', { name: 'Back on Monday: we are upgrading the stores.' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    // Away decides alone: the revoked text is not shown even though the user is revoked.
    expect(screen.queryByText(/violation of distribution terms/)).toBeNull();
  });

  it('a revoked user sees the no-access text with the support address, and no wizard', async () => {
    server = wizardServer([draft()]);
    server.state.revoked = 1;
    renderWizard('/create_releases/7');
    const text = fillMessage(RELEASE_MESSAGES.revoked, { email: 'help@portal.test' });
    expect(await screen.findByRole('heading', { name: text })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No access' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('opening a draft that cannot be edited here', () => {
  it('an unknown id says the release does not exist, with a way back to the catalogue', async () => {
    server = wizardServer();
    renderWizard('/create_releases/99');
    expect(await screen.findByText(RELEASE_UI.detail.notFoundText)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button', { name: W.retry })).toBeNull();
    expect(screen.getAllByRole('link', { name: W.backToCatalog }).every((a) => a.getAttribute('href') === '/catalog')).toBe(true);
  });

  it('a failed load says so with the server’s message as a toast, and Try again loads the draft', async () => {
    let failures = 1;
    server = wizardServer([draft()], { getDraft: () => (failures-- > 0 ? refuse(500, 'Database is resting.') : undefined) });
    renderWizard('/create_releases/7');
    expect(await screen.findByText(W.loadFailed)).toBeTruthy();
    await findToast('Database is resting.');
    fireEvent.click(screen.getByRole('button', { name: W.retry }));
    await screen.findByRole('tablist');
    expect(screen.queryByText(W.loadFailed)).toBeNull();
  });

  it('a release already in review is not editable: it says so and links to the release page', async () => {
    server = wizardServer([draft({ status: 'in_review', audios: [track()] })]);
    renderWizard('/create_releases/7');
    expect(await screen.findByText(W.notEditable)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: W.viewRelease }).getAttribute('href')).toBe('/catalog/7');
  });
});

// docs/decisions/017: a rejected release keeps the reviewer's note pinned on every step, its fields grouped by step.
describe('a rejected release reopened for re-submission', () => {
  const rejected = () =>
    draft({
      status: 'rejected',
      reason: 'The artwork has a web address on it.',
      audios: [track()],
      number_of_tracks: 1,
      crbt: 'no',
      video_platforms: 'no',
      review_reasons: [
        { code: 'artwork_text', label: 'Text or URL on artwork', field: 'album_artwork', field_label: 'Artwork', step: 1 },
        { code: 'lyrics_lang', label: 'Wrong lyrics language', field: 'lyrics_language', field_label: 'Lyrics language', step: 2 },
      ],
    });

  it('pins the note and the fields to fix above every tab; a step link opens that step', async () => {
    server = wizardServer([rejected()]);
    renderWizard('/create_releases/7?step=4');
    const note = await screen.findByRole('region', { name: W.reviewNoteTitle });
    expect(note.textContent).toContain('The artwork has a web address on it.');
    expect(note.textContent).toContain('Artwork (Text or URL on artwork)');
    expect(note.textContent).toContain('Lyrics language (Wrong lyrics language)');
    expect(note.textContent).toContain(W.reviewNoteUntil);

    fireEvent.click(within(note).getByRole('button', { name: TAB2 }));
    await waitFor(() => expect(selected()).toBe(TAB2));
    // Still pinned on the new step, and each saved track says what to check.
    expect(screen.getByRole('region', { name: W.reviewNoteTitle })).toBeTruthy();
    expect(await screen.findByText(`${W.fixTrackFields} Wrong lyrics language`)).toBeTruthy();

    fireEvent.click(within(screen.getByRole('region', { name: W.reviewNoteTitle })).getByRole('button', { name: TAB1 }));
    await waitFor(() => expect(selected()).toBe(TAB1));
    // The artwork field carries its reason.
    expect(screen.getByText(`${W.fixThisField} Text or URL on artwork`)).toBeTruthy();
  });

  it('a draft shows no review note', async () => {
    server = wizardServer([draft({ reason: 'old note' })]);
    renderWizard('/create_releases/7');
    await screen.findByRole('tablist');
    expect(screen.queryByRole('region', { name: W.reviewNoteTitle })).toBeNull();
  });
});
