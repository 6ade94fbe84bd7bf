import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button, Muted, theme, useAudioLink } from '@portal/kit';
import { ARTIST_JOURNEY_UI, fillMessage, formatUploadSize, RELEASE_UI } from '@portal/contracts';
import { t } from '../../shared/text';
import { FilePicker, ProgressBar } from '../upload-ui';
import type { AudioUploadState } from './resumable-audio-upload';
import { TrackQcPanel } from './TrackQcPanel';
import { forgetUnfinished, readUnfinished, type UnfinishedUpload } from './unfinished-uploads';

const UP = ARTIST_JOURNEY_UI.upload;

export type AudioUploadProps = {
  /** Uploaded file name, '' before the upload. */
  filename: string;
  /** Percent while uploading, null otherwise. */
  percent: number | null;
  /** What the upload is doing while `percent` is set (offline, paused, resuming); null: sending. */
  uploadState?: AudioUploadState | null;
  onFile(file: File): void;
  /** Accessible name of the player (the track title). */
  title: string;
};

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  audio { width: min(420px, 100%); height: 40px; }
`;

const FieldLabel = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.text};
  width: 100%;
`;

const Unfinished = styled.div`
  width: 100%;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  padding: 8px 10px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.accentSoft};
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.text};
  p { margin: 0; flex: 1 1 240px; overflow-wrap: anywhere; }
`;

/** The progress line's text: sending, waiting for the connection, paused, or resuming from an offset (issue 38 item 3). */
export function uploadStateLabel(percent: number, state: AudioUploadState | null | undefined): string {
  switch (state?.kind) {
    case 'offline':
      return fillMessage(UP.waitingForConnection, { percent });
    case 'paused':
      return fillMessage(UP.paused, { percent });
    case 'resuming':
      return fillMessage(UP.resumingFrom, { size: formatUploadSize(state.offsetBytes) });
    default:
      return t(RELEASE_UI.info.uploading, { percent });
  }
}

/** "Unfinished upload: “song.wav”, 35% (12 MB of 34 MB) is on the server. Choose the same file to resume it." */
export function unfinishedText(u: UnfinishedUpload): string {
  return fillMessage(UP.unfinished, { name: u.name, percent: Math.floor((u.sentBytes / u.size) * 100), sent: formatUploadSize(u.sentBytes), size: formatUploadSize(u.size) });
}

/**
 * Audio file of a track row (core §2 Tab 2): a file input named "Audio File", the live upload
 * percentage and what the upload is doing (waiting for the connection, paused, resuming from an
 * offset), then an `<audio controls>` player of the uploaded file and its store check under it
 * (docs/decisions/020). Before a file is chosen, an unfinished upload of this browser (after a reload)
 * is named with how much the server has, and choosing the same file resumes it (issue 38 item 3).
 */
export function AudioUpload({ filename, percent, uploadState, onFile, title }: AudioUploadProps) {
  const inputId = useId();
  const audioUrl = useAudioLink(filename);
  const hintId = `${inputId}-hint`;
  const unfinishedId = `${inputId}-unfinished`;
  const uploading = percent !== null;
  // Read from the browser's storage on each render (a few bytes); `forgotten` re-renders after Forget.
  const [, setForgotten] = useState(0);
  const unfinished = uploading || filename ? [] : readUnfinished();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Wrap>
      <FieldLabel aria-hidden="true">{RELEASE_UI.songs.audioFile}</FieldLabel>
      {filename && !uploading && audioUrl && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the artist's own recording: music has no caption track (lyrics are their own field)
        <audio controls preload="none" src={audioUrl} aria-label={`${RELEASE_UI.songs.audioPlayer}: ${title}`} />
      )}
      {uploading && <ProgressBar percent={percent} label={uploadStateLabel(percent, uploadState)} />}
      {unfinished.length > 0 && (
        <Unfinished id={unfinishedId} data-testid="unfinished-upload">
          {unfinished.map((u) => (
            <p key={`${u.name}-${u.size}`}>{unfinishedText(u)}</p>
          ))}
          <Button
            type="button"
            variant="text"
            onClick={() => {
              for (const u of unfinished) forgetUnfinished(u, true);
              setForgotten((n) => n + 1);
            }}
          >
            {UP.forget}
          </Button>
        </Unfinished>
      )}
      <FilePicker
        id={inputId}
        accept=".mp3,.wav,audio/mpeg,audio/wav,audio/x-wav"
        ariaLabel={RELEASE_UI.songs.audioFile}
        describedBy={unfinished.length > 0 ? `${unfinishedId} ${hintId}` : hintId}
        uploading={uploading}
        onChange={onChange}
      >
        {filename ? RELEASE_UI.songs.replaceAudio : RELEASE_UI.songs.uploadAudio}
      </FilePicker>
      <Muted id={hintId}>{RELEASE_UI.songs.audioHint}</Muted>
      {filename && !uploading && <TrackQcPanel filename={filename} />}
    </Wrap>
  );
}
