/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { ARTIST_JOURNEY_UI, RELEASE_UI } from '@portal/contracts';
import { createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { AudioUpload } from './AudioUpload';
import type { AudioUploadState } from './resumable-audio-upload';
import { readUnfinished, rememberUnfinished } from './unfinished-uploads';

const UP = ARTIST_JOURNEY_UI.upload;
const MB = 1024 * 1024;

afterEach(() => localStorage.clear());

function row(props: { percent: number | null; uploadState?: AudioUploadState | null; filename?: string }) {
  return render(
    <PortalQueryProvider client={createPortalQueryClient()}>
      <AudioUpload filename={props.filename ?? ''} percent={props.percent} uploadState={props.uploadState} onFile={() => undefined} title="Monsoon Nights" />
    </PortalQueryProvider>,
  );
}

/** What the resumable upload is doing, said in the track row (issue 38 item 3). */
describe('the audio upload of a track row', () => {
  it('says "Waiting for the connection…" offline, "Paused" while a chunk waits for its retry, and "Resuming from 26 MB"', () => {
    const view = row({ percent: 21, uploadState: { kind: 'offline' } });
    expect(screen.getByRole('progressbar', { name: 'Waiting for the connection… 21% is on the server.' }).getAttribute('aria-valuenow')).toBe('21');
    view.rerender(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <AudioUpload filename="" percent={21} uploadState={{ kind: 'paused' }} onFile={() => undefined} title="Monsoon Nights" />
      </PortalQueryProvider>,
    );
    expect(screen.getByRole('progressbar', { name: UP.paused.replace('{percent}', '21') })).toBeTruthy();
    view.rerender(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <AudioUpload filename="" percent={35} uploadState={{ kind: 'resuming', offsetBytes: 26 * MB }} onFile={() => undefined} title="Monsoon Nights" />
      </PortalQueryProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Resuming from 26 MB' })).toBeTruthy();
    view.rerender(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <AudioUpload filename="" percent={36} uploadState={{ kind: 'uploading' }} onFile={() => undefined} title="Monsoon Nights" />
      </PortalQueryProvider>,
    );
    expect(screen.getByRole('progressbar', { name: RELEASE_UI.info.uploading.replace('{percent}', '36') })).toBeTruthy();
  });

  it('after a reload, names the unfinished upload with what the server has, and Forget drops it with its resume data', () => {
    rememberUnfinished({ name: 'monsoon-master.wav', size: 80 * MB }, 28 * MB);
    localStorage.setItem('tus::tus-br-monsoon-master.wav::1', JSON.stringify({ size: 80 * MB, metadata: { filename: 'monsoon-master.wav' }, uploadUrl: '/api/upload/tus/abc' }));
    row({ percent: null });
    const note = screen.getByTestId('unfinished-upload');
    expect(note.textContent).toContain('Unfinished upload: “monsoon-master.wav”, 35% (28 MB of 80 MB) is on the server. Choose the same file to resume it.');
    // The file input is described by it, so a screen reader hears it with "Audio File".
    expect(screen.getByLabelText(RELEASE_UI.songs.audioFile).getAttribute('aria-describedby')).toContain(note.id);

    fireEvent.click(screen.getByRole('button', { name: UP.forget }));
    expect(screen.queryByTestId('unfinished-upload')).toBeNull();
    expect(readUnfinished()).toEqual([]);
    expect(localStorage.getItem('tus::tus-br-monsoon-master.wav::1')).toBeNull();
  });

  it('does not offer it while a file uploads or once the row has its audio', () => {
    rememberUnfinished({ name: 'monsoon-master.wav', size: 80 * MB }, 28 * MB);
    row({ percent: 40 });
    expect(screen.queryByTestId('unfinished-upload')).toBeNull();
  });
});
