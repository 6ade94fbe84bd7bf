import { useId, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Muted, theme, useAudioLink } from '@portal/kit';
import { RELEASE_UI } from '@portal/contracts';
import { t } from '../../shared/text';
import { FilePicker, ProgressBar } from '../upload-ui';
import { TrackQcPanel } from './TrackQcPanel';

export type AudioUploadProps = {
  /** Uploaded file name, '' before the upload. */
  filename: string;
  /** Percent while uploading, null otherwise. */
  percent: number | null;
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

/**
 * Audio file of a track row (core §2 Tab 2): a file input named "Audio File", the live upload
 * percentage, then an `<audio controls>` player of the uploaded file and its store check under it
 * (docs/decisions/020).
 */
export function AudioUpload({ filename, percent, onFile, title }: AudioUploadProps) {
  const inputId = useId();
  const audioUrl = useAudioLink(filename);
  const hintId = `${inputId}-hint`;
  const uploading = percent !== null;
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
      {uploading && <ProgressBar percent={percent} label={t(RELEASE_UI.info.uploading, { percent })} />}
      <FilePicker
        id={inputId}
        accept=".mp3,.wav,audio/mpeg,audio/wav,audio/x-wav"
        ariaLabel={RELEASE_UI.songs.audioFile}
        describedBy={hintId}
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
