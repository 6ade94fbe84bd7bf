/**
 * @jest-environment jsdom
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLATFORM_COUNTS, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { draft, findToast, location, refuse, renderWizard, resetWizardWorld, tabNamed, toastShown, track, wizardServer } from '../../test-support/wizard-server';

const P = RELEASE_UI.platform;
const M = RELEASE_MESSAGES;
const W = RELEASE_UI.wizard;
let server: ReturnType<typeof wizardServer> | undefined;
// The tab's loader runs RELEASE_LIMITS.platformLoaderMs (2 s, core §9): fake timers, which the
// testing library's waits move on, keep the specs fast.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  resetWizardWorld(server?.restore);
  jest.useRealTimers();
});

const withTrack = (overrides = {}) => draft({ audios: [track()], number_of_tracks: 1, ...overrides });
const box = (label: string, count: string) => screen.getByRole('checkbox', { name: label.replace('{count}', count) }) as HTMLInputElement;
const audio = () => box(P.audio, PLATFORM_COUNTS.audio);
const crbt = () => box(P.crbt, PLATFORM_COUNTS.crbt);
const video = () => box(P.video, PLATFORM_COUNTS.video);

async function open(release = withTrack(), checks?: { caller_tune: 'Yes' | 'No'; destribute_music: 'Yes' | 'No' }) {
  server = wizardServer([release]);
  if (checks) server.state.checks = checks;
  renderWizard('/create_releases/7?step=3');
  await screen.findByText(P.loading);
  await screen.findByText(P.intro, undefined, { timeout: 5000 });
}

// Core §2 Tab 3, §5 "Platforms", §9 counts and the 2 s loader.
describe('Platform: which stores the release goes to', () => {
  it('shows "Loading platforms…" for 2 seconds even when the answers are quicker', async () => {
    server = wizardServer([withTrack()]);
    renderWizard('/create_releases/7?step=3');
    expect(await screen.findByText(P.loading)).toBeTruthy();
    await waitFor(() => expect(server!.calls('getLogos')).toHaveLength(1));
    act(() => void jest.advanceTimersByTime(RELEASE_LIMITS.platformLoaderMs - 200));
    expect(screen.getByText(P.loading)).toBeTruthy();
    expect(screen.queryByText(P.intro)).toBeNull();
    act(() => void jest.advanceTimersByTime(300));
    expect(await screen.findByText(P.intro)).toBeTruthy();
    expect(server!.calls('getSubmissionDataChecks')[0].query).toEqual({ release_id: '7' });
  });

  it('audio stores (190+) are always on and locked; CRBT (4+) and video (8+) are off; logos sit in their groups', async () => {
    await open();
    expect(audio().checked).toBe(true);
    expect(audio().disabled).toBe(true);
    expect(screen.getByText(P.audioLocked)).toBeTruthy();
    expect(crbt().checked).toBe(false);
    expect(crbt().disabled).toBe(false);
    expect(video().checked).toBe(false);
    // Type "1" audio, "2" caller tune, anything else video (core §2 Tab 3).
    // A group is the nearest box around the switch that holds a list of logos.
    const group = (el: HTMLElement): HTMLElement => {
      let box = el.parentElement!;
      while (!box.querySelector('ul')) box = box.parentElement!;
      return box.querySelector('ul')!;
    };
    expect(within(group(audio())).getByText('Spotify')).toBeTruthy();
    expect(within(group(audio())).getByText('Apple Music')).toBeTruthy();
    expect(within(group(crbt())).getByText('Jio Caller Tunes')).toBeTruthy();
    expect(within(group(video())).getByText('YouTube')).toBeTruthy();
    expect(within(group(audio())).queryByText('YouTube')).toBeNull();
  });

  it('CRBT needs a caller tune first and video needs music video details first: each says so and stays off', async () => {
    await open();
    fireEvent.click(crbt());
    await findToast(M.callerTuneFirst);
    expect(crbt().checked).toBe(false);
    fireEvent.click(video());
    await findToast(M.videoDetailsFirst);
    expect(video().checked).toBe(false);
  });

  it('with a caller tune and a music video on some track both can be turned on; Save & Continue saves them and opens Submission', async () => {
    await open(withTrack(), { caller_tune: 'Yes', destribute_music: 'Yes' });
    fireEvent.click(crbt());
    fireEvent.click(video());
    expect(crbt().checked).toBe(true);
    expect(video().checked).toBe(true);
    expect(toastShown(M.callerTuneFirst) || toastShown(M.videoDetailsFirst)).toBe(false);
    fireEvent.click(video());
    expect(video().checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: W.saveAndContinue }));
    await findToast('Platforms saved on the server.');
    expect(server!.calls('checkboxCrbtVideoPlatforms')[0].body).toEqual({ release_id: 7, crbt: 'yes', video_platforms: 'no' });
    await waitFor(() => expect(location()).toBe('/create_releases/7?step=4'));
    expect(tabNamed(W.tabs[3]).disabled).toBe(false);
    expect(tabNamed(W.tabs[2]).getAttribute('aria-describedby')).not.toBeNull();
  });

  it('saving with nothing turned on sends "no" for both and still enables Submission', async () => {
    await open();
    expect(tabNamed(W.tabs[3]).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: W.saveAndContinue }));
    await waitFor(() => expect(server!.calls('checkboxCrbtVideoPlatforms')).toHaveLength(1));
    expect(server!.calls('checkboxCrbtVideoPlatforms')[0].body).toEqual({ release_id: 7, crbt: 'no', video_platforms: 'no' });
    await waitFor(() => expect(tabNamed(W.tabs[3]).disabled).toBe(false));
  });

  it('shows saved choices again, but not one whose track data is gone (a caller tune removed since)', async () => {
    await open(withTrack({ crbt: 'yes', video_platforms: 'yes' }), { caller_tune: 'No', destribute_music: 'Yes' });
    expect(crbt().checked).toBe(false);
    expect(video().checked).toBe(true);
  });

  it('a refused save shows the server’s message and stays on Platform', async () => {
    await open();
    server!.restore();
    server = wizardServer([withTrack()], { checkboxCrbtVideoPlatforms: () => refuse(400, M.submitNeedsTrack) });
    fireEvent.click(screen.getByRole('button', { name: W.saveAndContinue }));
    await findToast(M.submitNeedsTrack);
    expect(location()).toBe('/create_releases/7?step=3');
    expect(tabNamed(W.tabs[3]).disabled).toBe(true);
  });

  it('when the platforms cannot be loaded it says so, and Try again loads them', async () => {
    let failures = 1;
    server = wizardServer([withTrack()], { getLogos: () => (failures-- > 0 ? refuse(500, 'Logo store asleep.') : undefined) });
    renderWizard('/create_releases/7?step=3');
    expect(await screen.findByText(W.loadFailed, undefined, { timeout: 5000 })).toBeTruthy();
    await findToast('Logo store asleep.');
    fireEvent.click(screen.getByRole('button', { name: W.retry }));
    expect(await screen.findByText(P.intro, undefined, { timeout: 5000 })).toBeTruthy();
    expect(audio().checked).toBe(true);
  });
});
