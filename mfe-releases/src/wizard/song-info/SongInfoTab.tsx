import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Actions, bareList, Button, Card, Columns, ConfirmDialog, LineList, Muted, notify, outlinedRow, pill, Row, SectionTitle, Stack, SubTitle, theme, useEndpointMutation, useLeaveGuard, useToastClearance } from '@portal/kit';
import { AUDIO_EXTENSIONS, AUDIO_GUIDELINES, LYRICS_GUIDELINES, type Release, RELEASE_ENDPOINTS, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI, TRACK_DRAFT_ENDPOINTS, type Track, type TrackPayload } from '@portal/contracts';
import { t } from '../../shared/text';
import { DRAFT_CHANGES, useDraftUpdates } from '../draft-cache';
import { AudioUpload } from './AudioUpload';
import { uploadAudioResumable, type AudioUploadState } from './resumable-audio-upload';
import { FixMark, TRACK_FIX_FIELDS, useFixReasons } from '../fields-to-fix';
import { TrackDetailsDialog } from './TrackDetailsDialog';
import { newTrackValues, trackValues, type TrackFormValues } from './track.form';

export type SongInfoTabProps = {
  release: Release;
  /** Moves to tab 3 (enabled once a track is saved). */
  onNext(): void;
};

/** The one unsaved row (core §4 "Only one unsaved song row may exist at a time"). */
type EditRow = {
  key: number;
  /** null for a new song (addSongInfo), the id for an edited one (updateSongInfo). */
  audioId: number | null;
  values: TrackFormValues;
  percent: number | null;
  /** What the running upload is doing (offline, paused, resuming), null when sending or idle. */
  uploadState?: AudioUploadState | null;
  /** Something was uploaded or typed since the row opened. */
  dirty: boolean;
};

const List = styled.ol`
  ${bareList}
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const SavedRow = styled.li`
  ${outlinedRow(12, '12px 14px', 'md')}
  background: ${theme.colors.surface};
  flex-wrap: wrap;
`;

const TrackNumber = styled.span`
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  font-weight: 700;
  font-size: ${theme.font.size.sm};
  display: inline-flex;
  align-items: center;
  justify-content: center;
`;

const TitleBlock = styled.div`
  flex: 1;
  min-width: 160px;
  strong { display: block; overflow-wrap: anywhere; }
  span { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; }
`;

/** #9a3412 on white is 7.3:1 (WCAG AA). */
const TrackFixNote = styled.p`
  margin: 2px 0 0;
  color: #9a3412;
  font-weight: 600;
  font-size: 13px;
`;

const SavedBadge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  ${pill(theme.colors.successSoft, theme.colors.successText)}
  font-weight: 600;
`;

const EditorRow = styled.li`
  padding: 16px;
  border: 2px solid ${theme.colors.accent};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const DetailsState = styled.span<{ $ready: boolean }>`
  font-size: ${theme.font.size.sm};
  color: ${({ $ready }) => ($ready ? theme.colors.successText : theme.colors.textMuted)};
`;

/** Whether a file is .mp3 or .wav by name or type (core §5); the server checks the bytes. */
export function isAudioFile(file: File): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (AUDIO_EXTENSIONS as readonly string[]).includes(ext);
}

/** The two guideline cards above the songs (core §2 Tab 2), audio then lyrics. */
const GUIDES = [
  { heading: RELEASE_UI.songs.audioGuidelines, lines: AUDIO_GUIDELINES },
  { heading: RELEASE_UI.songs.lyricsGuidelines, lines: LYRICS_GUIDELINES },
];

const trackTitle = (title: string | undefined) => (title && title.trim() ? title : RELEASE_UI.songs.untitled);

/**
 * Tab 2, Song Info (core §2, §4, §5): guidelines, the saved songs (title, Edit, Delete), one
 * unsaved row at a time with the audio upload, its player and the "Add Details" dialog, and
 * "Add new track". A saved song marks step 2 done; Next opens tab 3.
 */
export function SongInfoTab({ release, onNext }: SongInfoTabProps) {
  const tracks = release.audios ?? [];
  const draft = useDraftUpdates();
  // Saves are mutations of the kit's data layer (docs/decisions/025): a saved track goes into the cached
  // draft; the catalogue's lists and pages are asked again. The unsaved row's server copy is quiet.
  const addSong = useEndpointMutation(RELEASE_ENDPOINTS.addSongInfo, { invalidates: DRAFT_CHANGES });
  const updateSong = useEndpointMutation(RELEASE_ENDPOINTS.updateSongInfo, { invalidates: DRAFT_CHANGES });
  const deleteSong = useEndpointMutation(RELEASE_ENDPOINTS.deleteSongInfo, { invalidates: DRAFT_CHANGES });
  const { mutate: saveTrackDraft } = useEndpointMutation(TRACK_DRAFT_ENDPOINTS.saveTrackDraft, { silent: true });
  const { mutate: deleteTrackDraft } = useEndpointMutation(TRACK_DRAFT_ENDPOINTS.deleteTrackDraft, { silent: true });
  const [row, setRow] = useState<EditRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [detailsTouched, setDetailsTouched] = useState(false);
  const [toDelete, setToDelete] = useState<Track | null>(null);
  const [deleting, setDeleting] = useState(false);
  // A rejection naming track fields (docs/decisions/008) is per release: every saved track carries the note.
  const trackFixes = useFixReasons(...TRACK_FIX_FIELDS);
  const nextKey = useRef(1);
  const abortRef = useRef<AbortController | null>(null);
  // Toasts ("Song details updated.") rise above Next when it stands at the bottom (issue 38 item 5, 412 px).
  const actionsRef = useRef<HTMLDivElement>(null);
  useToastClearance(actionsRef);
  const uid = useId();

  const openNewRow = useCallback(() => {
    setRow({ key: nextKey.current++, audioId: null, values: newTrackValues(release), percent: null, dirty: false });
    setDetailsTouched(false);
  }, [release]);

  /** Keep the new row on the server; failures stay quiet (the row is still on screen). */
  const keepDraft = (values: TrackFormValues) => {
    saveTrackDraft({ body: { release_id: release.release_id, audio_track: values.audio_track, values: { ...values } } });
  };
  const forgetDraft = () => {
    deleteTrackDraft({ body: { release_id: release.release_id } });
  };

  // A release without songs starts with an empty row so the upload is one click away.
  useEffect(() => {
    if (tracks.length === 0 && row === null) openNewRow();
  }, [tracks.length, row, openNewRow]);

  // An uploaded but unsaved track is kept on the server (docs/decisions/017): a reload reopens its row
  // (declared after the empty-row effect, so its row is the one that stays).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = release.track_draft;
    if (!draft || (!draft.audio_track && Object.keys(draft.values).length === 0)) return;
    const base = newTrackValues(release);
    const values = { ...base } as TrackFormValues;
    for (const key of Object.keys(base) as Array<keyof TrackFormValues>) if (typeof draft.values[key] === 'string') values[key] = draft.values[key];
    values.audio_track = draft.audio_track;
    setRow({ key: nextKey.current++, audioId: null, values, percent: null, dirty: true });
    setDetailsTouched(Object.keys(draft.values).length > 0);
  }, [release]);


  useEffect(() => () => abortRef.current?.abort(), []);

  const addNewTrack = () => {
    if (row) {
      notify.error(RELEASE_MESSAGES.saveSongFirst);
      return;
    }
    openNewRow();
  };

  const editTrack = (track: Track) => {
    if (row) {
      notify.error(RELEASE_MESSAGES.saveSongFirst);
      return;
    }
    setRow({ key: nextKey.current++, audioId: track.audio_id, values: trackValues(track), percent: null, dirty: false });
    setDetailsTouched(true);
  };

  const closeRow = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    if (row?.audioId === null && row.dirty) forgetDraft();
    setRow(null);
  };

  const onFile = async (file: File) => {
    if (!row) return;
    if (!isAudioFile(file)) {
      notify.error(RELEASE_MESSAGES.audioType);
      return;
    }
    if (file.size > RELEASE_LIMITS.audioMaxBytes) {
      notify.error(RELEASE_MESSAGES.audioTooLarge);
      return;
    }
    const controller = new AbortController();
    abortRef.current?.abort();
    abortRef.current = controller;
    const key = row.key;
    const update = (patch: Partial<EditRow>) => setRow((current) => (current && current.key === key ? { ...current, ...patch } : current));
    update({ percent: 0, uploadState: null, dirty: true });
    try {
      // Resumable (tus): a dropped connection goes on from where it stopped (docs/decisions/020).
      const { filename } = await uploadAudioResumable(file, {
        signal: controller.signal,
        onProgress: (percent) => update({ percent }),
        onState: (uploadState) => update({ uploadState }),
      });
      setRow((current) => (current && current.key === key ? { ...current, percent: null, uploadState: null, values: { ...current.values, audio_track: filename } } : current));
      if (row.audioId === null) keepDraft({ ...row.values, audio_track: filename });
    } catch {
      // Aborted, or the kit has shown the server's message.
      update({ percent: null, uploadState: null });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const saveTrack = async (payload: TrackPayload): Promise<boolean> => {
    if (!row) return false;
    try {
      let audioId = row.audioId;
      if (audioId === null) {
        const answer = await addSong.mutateAsync({ body: { ...payload, release_id: release.release_id } });
        audioId = Number(answer.audio_id);
        notify.success(answer.message || RELEASE_MESSAGES.trackSaved);
      } else {
        const answer = await updateSong.mutateAsync({ body: { ...payload, audio_id: audioId, release_id: release.release_id } });
        notify.success(answer.message || RELEASE_MESSAGES.trackUpdated);
      }
      const previous = tracks.find((tr) => tr.audio_id === audioId);
      draft.upsertTrack(release.release_id, { ...(previous ?? {}), ...payload, audio_id: audioId, release_id: release.release_id, status: previous?.status ?? 0 } as Track);
      setDialogOpen(false);
      setRow(null);
      return true;
    } catch {
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const answer = await deleteSong.mutateAsync({ body: { audio_id: toDelete.audio_id } });
      notify.success(answer.message || RELEASE_MESSAGES.trackDeleted);
      draft.removeTrack(release.release_id, toDelete.audio_id);
      setToDelete(null);
    } catch {
      // The kit has shown the server's message.
    } finally {
      setDeleting(false);
    }
  };

  const next = () => {
    if (row && row.dirty) {
      notify.error(RELEASE_MESSAGES.saveSongFirst);
      return;
    }
    if (row && tracks.length > 0) closeRow();
    onNext();
  };

  const renderEditor = (editRow: EditRow, index: number) => {
    const title = trackTitle(editRow.values.title);
    const headingId = `${uid}-editor`;
    return (
      <EditorRow key={`edit-${editRow.key}`} aria-labelledby={headingId}>
        <Row $justify="space-between">
          <Row $gap={10}>
            <TrackNumber aria-hidden="true">{index + 1}</TrackNumber>
            <SubTitle id={headingId}>
              {editRow.audioId === null ? RELEASE_UI.songs.newTrack : `${RELEASE_UI.songs.editing}: ${title}`}
            </SubTitle>
          </Row>
          <DetailsState $ready={detailsTouched}>{detailsTouched ? RELEASE_UI.songs.detailsReady : RELEASE_UI.songs.detailsMissing}</DetailsState>
        </Row>
        <FixMark field="audio_track">
          <AudioUpload filename={editRow.values.audio_track} percent={editRow.percent} uploadState={editRow.uploadState} onFile={(f) => void onFile(f)} title={title} />
        </FixMark>
        <Row $justify="flex-end">
          {(tracks.length > 0 || editRow.audioId !== null) && (
            <Button type="button" variant="secondary" onClick={closeRow}>
              {editRow.audioId === null ? RELEASE_UI.songs.discard : RELEASE_UI.songs.cancelEdit}
            </Button>
          )}
          <Button type="button" onClick={() => setDialogOpen(true)}>
            {RELEASE_UI.songs.addDetails}
          </Button>
        </Row>
      </EditorRow>
    );
  };

  let position = 0;
  // Leaving with an uploaded or typed but unsaved track asks first (docs/decisions/017).
  const leaveGuard = useLeaveGuard(Boolean(row?.dirty));

  return (
    <Stack $gap={20}>
      {leaveGuard}
      <Columns>
        {GUIDES.map(({ heading, lines }) => (
          <Card key={heading}>
            <SectionTitle as="h2" style={{ marginBottom: 8 }}>
              {heading}
            </SectionTitle>
            <LineList lines={lines} />
          </Card>
        ))}
      </Columns>

      <Card>
        <Stack $gap={14}>
          <Row $justify="space-between">
            <SectionTitle>{RELEASE_UI.songs.tracksHeading}</SectionTitle>
            <Button type="button" variant="secondary" onClick={addNewTrack}>
              <span aria-hidden="true">+</span>
              {RELEASE_UI.songs.addNewTrack}
            </Button>
          </Row>
          {tracks.length === 0 && !row && <Muted>{RELEASE_UI.songs.noTracks}</Muted>}
          <List>
            {tracks.map((track) => {
              const index = position++;
              if (row && row.audioId === track.audio_id) return renderEditor(row, index);
              const titleId = `${uid}-track-${track.audio_id}`;
              return (
                <SavedRow key={track.audio_id}>
                  <TrackNumber aria-hidden="true">{index + 1}</TrackNumber>
                  <TitleBlock>
                    <strong id={titleId}>{trackTitle(track.title)}</strong>
                    {track.version_subtitle && <span>{track.version_subtitle}</span>}
                    {trackFixes.length > 0 && (
                      <TrackFixNote data-fix-field={TRACK_FIX_FIELDS.join(' ')}>
                        {RELEASE_UI.wizard.fixTrackFields} {trackFixes.join(' ')}
                      </TrackFixNote>
                    )}
                  </TitleBlock>
                  <SavedBadge>
                    <span aria-hidden="true">✓</span>
                    {RELEASE_UI.songs.saved}
                  </SavedBadge>
                  <Row $gap={6}>
                    <Button type="button" variant="secondary" aria-describedby={titleId} onClick={() => editTrack(track)}>
                      {RELEASE_UI.songs.edit}
                    </Button>
                    <Button type="button" variant="danger" aria-describedby={titleId} onClick={() => setToDelete(track)}>
                      {RELEASE_UI.songs.delete}
                    </Button>
                  </Row>
                </SavedRow>
              );
            })}
            {row && row.audioId === null && renderEditor(row, position)}
          </List>
        </Stack>
      </Card>

      <Actions ref={actionsRef}>
        <Button type="button" onClick={next} disabled={tracks.length === 0}>
          {RELEASE_UI.wizard.next}
        </Button>
      </Actions>

      {row && (
        <TrackDetailsDialog
          key={row.key}
          open={dialogOpen}
          initialValues={row.values}
          releaseType={release.release_type}
          uploadDone={row.percent === null && row.values.audio_track !== ''}
          audioTrack={row.values.audio_track}
          onClose={(values) => {
            setRow((current) => (current ? { ...current, values: { ...values, audio_track: current.values.audio_track }, dirty: true } : current));
            if (row.audioId === null) keepDraft({ ...values, audio_track: row.values.audio_track });
            setDetailsTouched(true);
            setDialogOpen(false);
          }}
          onSave={saveTrack}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={RELEASE_UI.songs.deleteTitle}
        message={t(RELEASE_UI.songs.deleteQuestion, { title: trackTitle(toDelete?.title) })}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
