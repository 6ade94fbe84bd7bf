// Test support of the release wizard's component specs (jsdom): a fake portal API at the HTTP boundary
// (globalThis.fetch, which the kit's ky stand-in of this package's jest config calls) holding one
// user's drafts, artists and platforms, and a render of the wizard page inside the data layer, a
// router and the page's toaster, as the shell mounts it.
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { createPortalQueryClient, PortalQueryProvider, PortalToaster, type QueryClient } from '@portal/kit';
import type { Artist, PlatformLogo, Release, StoreReadyChecklist, SubmissionDataChecks, Track, TrackQc } from '@portal/contracts';
import { minReleaseDate } from '@portal/contracts';
import { fakeApi, type FakeAnswer, type SeenRequest } from '../../../kit/src/test-support/fake-api';
import { WizardPage } from '../wizard/WizardPage';
import { useWizardStore } from '../wizard/wizard.store';

export type { SeenRequest };

/** A deep copy of JSON data (jsdom has no structuredClone). */
const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A success envelope as the API answers it (core §7: status 200, message, body), a copy of `body`
 * as the wire would give it (never the server state's own objects).
 */
export const ok = (body: unknown = undefined, message = '', extra: Record<string, unknown> = {}): FakeAnswer => ({
  json: { status: 200, message, body: body === undefined ? undefined : clone(body), ...extra },
});
/** A refusal as the API answers it: HTTP `status` and the envelope with the server's message. */
export const refuse = (status: number, message: string): FakeAnswer => ({ status, json: { status, message } });

export const PRIMARY: Artist[] = [
  { artist_id: 11, artist_name: 'Asha Rao', apple_id: '', spotify_id: '', artist_type: 'primary' },
  { artist_id: 12, artist_name: 'Ravi Menon', apple_id: '', spotify_id: '', artist_type: 'primary' },
  { artist_id: 13, artist_name: 'Meera Iyer', apple_id: '', spotify_id: '', artist_type: 'primary' },
  { artist_id: 14, artist_name: 'Kabir Shah', apple_id: '', spotify_id: '', artist_type: 'primary' },
];
export const FEATURING: Artist[] = [
  { artist_id: 21, artist_name: 'Dev Patel', apple_id: '', spotify_id: '', artist_type: 'featuring' },
  { artist_id: 22, artist_name: 'Nila Bose', apple_id: '', spotify_id: '', artist_type: 'featuring' },
];
export const LOGOS: PlatformLogo[] = [
  { name: 'Spotify', logo: 'spotify.png', type: '1' },
  { name: 'Apple Music', logo: 'apple.png', type: '1' },
  { name: 'Jio Caller Tunes', logo: 'jio.png', type: '2' },
  { name: 'YouTube', logo: 'youtube.png', type: '3' },
] as PlatformLogo[];

/** A release date the rules accept (core §5: today plus at least 6 days). */
export const LATER = minReleaseDate() + 10 * 86_400_000;

/** A saved track of release 7 (every required field of core §5 filled). */
export function track(overrides: Partial<Track> = {}): Track {
  return {
    audio_id: 70,
    release_id: 7,
    audio_track: 'a1b2.mp3',
    track_version: 'Original',
    instrumental: 'No',
    title: 'Monsoon Song',
    version_subtitle: '',
    primary_artist1: 11,
    primary_artist2: null,
    primary_artist3: null,
    featuring1: null,
    featuring2: null,
    featuring3: null,
    author1: 'Asha Rao',
    author2: '',
    author3: '',
    composer1: 'Ravi Menon',
    composer2: '',
    composer3: '',
    producer: '',
    p_line: '2026 Asha Rao',
    production_year: new Date().getFullYear(),
    publisher: '',
    isrc_yes_no: 'No',
    isrc: '',
    genre: 'Pop',
    subgenre: 'Indie Pop',
    price_tier: '1.49',
    explicit_version: 'No',
    track_title_language: 'en',
    lyrics_language: 'en',
    lyrics: '',
    caller_tune: '',
    destribute_music: 'No',
    video_isrc: '',
    download_video_link: '',
    status: 0,
    ...overrides,
  };
}

/** Release 7, a draft whose tab 1 is saved (no tracks, no platforms yet) unless `overrides` say more. */
export function draft(overrides: Partial<Release> = {}): Release {
  return {
    release_id: 7,
    album_artwork: '',
    release_type: 'single',
    release_title: 'Monsoon Nights',
    primary_artist1: 11,
    primary_artist2: null,
    primary_artist3: null,
    featuring1: null,
    featuring2: null,
    featuring3: null,
    genre: 'Pop',
    sub_genre: 'Indie Pop',
    lable_name: 'Saffron Sound',
    release_date: LATER,
    p_line: '2026 Asha Rao',
    c_line: '2026 Asha Rao',
    upc_ean: '',
    number_of_tracks: 0,
    status: 'draft',
    reason: '',
    crbt: '',
    video_platforms: '',
    audios: [],
    track_draft: null,
    ...overrides,
  };
}

export type ServerState = {
  /** Drafts by id, as getDraft answers them. */
  releases: Map<number, Release>;
  artists: { primary: Artist[]; featuring: Artist[] };
  logos: PlatformLogo[];
  checks: SubmissionDataChecks;
  away: { status: string; text: string };
  revoked: number;
  readiness: StoreReadyChecklist;
};

export type Overrides = Record<string, (request: SeenRequest, state: ServerState) => FakeAnswer | Promise<FakeAnswer> | undefined>;

/**
 * The portal API of one artist as the wizard uses it (core §7): getDraft, getArtist, addArtist,
 * createReleaseInfo, updateReleaseInfo, add/update/deleteSongInfo, getLogos, getSubmissionDataChecks,
 * checkboxCrbtVideoPlatforms, getSubmissionDetails, submissionButton and the gates; saves change the
 * state like the server would. `overrides` answer a route first (return undefined to fall through).
 */
export function wizardServer(initial: Release[] = [], overrides: Overrides = {}) {
  const state: ServerState = {
    releases: new Map(initial.map((r) => [r.release_id, clone(r)])),
    artists: { primary: [...PRIMARY], featuring: [...FEATURING] },
    logos: [...LOGOS],
    checks: { caller_tune: 'No', destribute_music: 'No' },
    away: { status: 'no', text: '' },
    revoked: 0,
    readiness: { ready: true, items: [] },
  };
  let nextAudioId = 100;
  const body = (request: SeenRequest) => (request.body ?? {}) as Record<string, unknown>;
  const releaseOf = (request: SeenRequest) => state.releases.get(Number(request.query.release_id ?? body(request).release_id));

  const answer = (request: SeenRequest): FakeAnswer | Promise<FakeAnswer> => {
    const custom = overrides[request.path]?.(request, state);
    if (custom !== undefined) return custom;
    switch (request.path) {
      case 'checkAwayStatus':
        return ok(state.away);
      case 'checkUserRevokeStatus':
        return ok(undefined, '', { revoked: state.revoked });
      case 'getAppConfig':
        return ok({ support_email: 'help@portal.test' });
      case 'getArtist':
        return ok(state.artists[request.query.artist_type as 'primary' | 'featuring'] ?? []);
      case 'addArtist': {
        const b = body(request) as { artist_type: 'primary' | 'featuring'; artist_name: string };
        const artist = { artist_id: 200 + state.artists[b.artist_type].length, apple_id: '', spotify_id: '', ...b } as Artist;
        state.artists[b.artist_type].push(artist);
        return ok(artist, 'Artist added.');
      }
      case 'getDraft': {
        const release = releaseOf(request);
        return release ? ok(clone(release)) : refuse(404, 'Release not found.');
      }
      case 'createReleaseInfo': {
        const release = draft({ ...(body(request) as Partial<Release>), release_id: 8 });
        state.releases.set(8, release);
        return ok(undefined, 'Release info saved on the server.', { release_id: 8 });
      }
      case 'updateReleaseInfo': {
        const release = releaseOf(request)!;
        Object.assign(release, body(request));
        return ok(undefined, 'Release info updated on the server.');
      }
      case 'addSongInfo': {
        const release = releaseOf(request)!;
        const audioId = nextAudioId++;
        release.audios.push({ ...(body(request) as unknown as Track), audio_id: audioId, status: 0 });
        release.track_draft = null;
        return ok(undefined, 'Song saved on the server.', { audio_id: audioId });
      }
      case 'updateSongInfo': {
        const release = releaseOf(request)!;
        const b = body(request) as unknown as Track;
        release.audios = release.audios.map((a) => (a.audio_id === b.audio_id ? { ...a, ...b } : a));
        return ok(undefined, 'Song updated on the server.');
      }
      case 'deleteSongInfo': {
        for (const release of state.releases.values()) release.audios = release.audios.filter((a) => a.audio_id !== body(request).audio_id);
        return ok(undefined, 'Song deleted on the server.');
      }
      case 'saveTrackDraft':
      case 'deleteTrackDraft':
        return ok();
      case 'getLogos':
        return ok(state.logos);
      case 'getSubmissionDataChecks':
        return ok(state.checks);
      case 'checkboxCrbtVideoPlatforms': {
        const release = releaseOf(request)!;
        const b = body(request) as { crbt: 'yes' | 'no'; video_platforms: 'yes' | 'no' };
        release.crbt = b.crbt;
        release.video_platforms = b.video_platforms;
        return ok(undefined, 'Platforms saved on the server.');
      }
      case 'getSubmissionDetails': {
        const release = releaseOf(request);
        return release ? ok({ ...clone(release), platforms: state.logos }) : refuse(404, 'Release not found.');
      }
      case 'getStoreReadiness':
        return ok(state.readiness);
      case 'getTrackQc':
        return ok({ filename: request.query.filename, status: 'passed', measurements: null, problems: [], checked_at: null } satisfies TrackQc);
      case 'getAudioLink':
        return ok({ url: `/api/files/audio/${request.query.filename}?sig=x`, expires_at: Date.now() + 3_600_000 });
      case 'submissionButton': {
        const release = releaseOf(request)!;
        release.status = 'in_review';
        return ok(undefined, 'Submitted on the server.');
      }
      default:
        return refuse(404, `no fake route for ${request.path}`);
    }
  };
  const api = fakeApi(answer);
  /** Requests to `path` (under /api/), in order. */
  const calls = (path: string) => api.seen.filter((r) => r.path === path);
  return { state, seen: api.seen, calls, restore: api.restore };
}

/** Shows the path the app is on, so a spec can see the wizard leave for /catalog. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the wizard at `path` (e.g. '/create_releases/7?step=3') as the shell mounts it, with its toaster. */
export function renderWizard(path: string): { client: QueryClient; unmount(): void } {
  const client = createPortalQueryClient();
  const view = render(
    <PortalQueryProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/create_releases" element={<WizardPage />} />
          <Route path="/create_releases/:id" element={<WizardPage />} />
          <Route path="/catalog" element={<h1>Catalog page</h1>} />
          <Route path="/catalog/:id" element={<h1>Release page</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
      <PortalToaster />
    </PortalQueryProvider>,
  );
  return { client, unmount: view.unmount };
}

/** The path and search the router is on. */
export const location = () => screen.getByTestId('location').textContent;

/** The wizard's tab of step `n` (1..4) by its name (RELEASE_UI.wizard.tabs). */
export const tabNamed = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) }) as HTMLButtonElement;

/** Waits until the toaster shows `message` (core §8: toasts carry the spec's or the server's text). */
export const findToast = (message: string) => waitFor(() => expect(screen.getAllByRole('status').some((el) => el.textContent === message)).toBe(true));

/** Whether the toaster currently shows `message`. */
export const toastShown = (message: string) => screen.queryAllByRole('status').some((el) => el.textContent === message);

/** Clears toasts, the wizard's handoff and the fake API after each spec. */
export function resetWizardWorld(restore?: () => void) {
  act(() => toast.remove());
  useWizardStore.getState().setHandoff(null);
  restore?.();
}

/** What the fake upload endpoint answers: HTTP status and JSON body. */
export type UploadReply = { status: number; json: unknown };

/**
 * Replaces XMLHttpRequest (the kit's upload with progress, POST /api/upload) with a fake server:
 * each send reports 40 % progress, then answers `reply(url)`. Returns the URLs sent and `restore()`.
 */
export function fakeUploads(reply: (url: string) => UploadReply) {
  const sent: string[] = [];
  const original = window.XMLHttpRequest;
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push(this.url);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
        setTimeout(() => {
          const answer = reply(this.url);
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.json);
          this.onload?.();
        }, 20);
      }, 0);
    }
  }
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { sent, restore: () => (window.XMLHttpRequest = original) };
}

/** A file of `name` and `type` whose size reads as `size` bytes (without allocating them). */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The control labelled `label` (a required field's label adds its "*" mark). */
export const field = <T extends HTMLElement = HTMLInputElement>(label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`)) as unknown as T;
