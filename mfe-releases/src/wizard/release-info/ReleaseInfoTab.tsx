import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { Actions, AsideGrid, bareFieldset, Button, Card, ConfirmDialog, DatePickerField, fieldError, type FieldErrors, FieldGrid, fieldProps, formatDate, formErrorToast, FullWidth, Muted, notify, schemaErrors, SectionTitle, Stack, TextField, theme, tintedNote, useEndpointMutation, useLeaveGuard } from '@portal/kit';
import { GENRES, minReleaseDate, type Release, RELEASE_ENDPOINTS, RELEASE_MESSAGES, RELEASE_TYPE_LABEL, RELEASE_TYPES, RELEASE_UI, releaseInfoSchema, subGenresFor } from '@portal/contracts';
import { RELEASE_ROUTES } from '../../shared/routes';
import { t } from '../../shared/text';
import { ArtistSlots } from '../artists/ArtistSlots';
import { artistSlotValues } from '../artists/artist-rules';
import { useWizardStore } from '../wizard.store';
import { DRAFT_CHANGES, useDraftUpdates } from '../draft-cache';
import { ArtworkUpload } from './ArtworkUpload';
import { FixMark } from '../fields-to-fix';
import { RequiredSelect } from '../RequiredSelect';

import { releaseInfoPayload, releaseInfoValues, type ReleaseInfoValues } from './release-info.form';

export type ReleaseInfoTabProps = {
  /** The saved draft, or null when creating. */
  release: Release | null;
  /** Moves the wizard to tab 2 after an update. */
  onDone(): void;
};

const Advice = styled.p`
  margin: -6px 0 16px;
  ${tintedNote(theme.colors.accentSoft)}
`;

const Group = styled.fieldset`
  ${bareFieldset}
  legend { padding: 0; margin-bottom: 10px; font-weight: 700; font-size: ${theme.font.size.md}; }
`;

const toOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const TYPE_OPTIONS = RELEASE_TYPES.map((v) => ({ value: v, label: RELEASE_TYPE_LABEL[v] }));
const GENRE_OPTIONS = toOptions(GENRES);
const FIELD_NAMES = Object.keys(releaseInfoValues(null)) as Array<keyof ReleaseInfoValues>;

/**
 * Tab 1, Release Info (core §2, §4, §5): artwork, release facts and artists, validated with
 * releaseInfoSchema. Creating asks "Are you sure to proceed?" (title Confirmation), then
 * POST createReleaseInfo and opens /create_releases/{release_id} on tab 2; editing posts
 * updateReleaseInfo and moves to tab 2.
 */
export function ReleaseInfoTab({ release, onDone }: ReleaseInfoTabProps) {
  const navigate = useNavigate();
  const setHandoff = useWizardStore((s) => s.setHandoff);
  const draft = useDraftUpdates();
  const createRelease = useEndpointMutation(RELEASE_ENDPOINTS.createReleaseInfo, { invalidates: DRAFT_CHANGES });
  const updateRelease = useEndpointMutation(RELEASE_ENDPOINTS.updateReleaseInfo, { invalidates: DRAFT_CHANGES });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [artworkUploading, setArtworkUploading] = useState(false);
  const minDate = useMemo(() => minReleaseDate(), []);
  const editing = release !== null;

  const formik = useFormik<ReleaseInfoValues>({
    initialValues: releaseInfoValues(release),
    enableReinitialize: false,
    validateOnMount: false,
    validate: (values) => schemaErrors(releaseInfoSchema, releaseInfoPayload(values), { now: Date.now() }),
    onSubmit: () => undefined,
  });
  const { values, setFieldValue } = formik;
  const errors = formik.errors as FieldErrors;
  const errorOf = (name: keyof ReleaseInfoValues & string) => fieldError(formik, name, errors);
  const subGenreOptions = useMemo(() => toOptions(subGenresFor(values.genre)), [values.genre]);

  const textProps = (name: keyof ReleaseInfoValues & string) => fieldProps(formik, name, errors);

  const save = async () => {
    const payload = await releaseInfoSchema.validate(releaseInfoPayload(values), { context: { now: Date.now() } });
    setSaving(true);
    try {
      if (!editing) {
        const answer = await createRelease.mutateAsync({ body: payload });
        const releaseId = Number(answer.release_id);
        notify.success(answer.message || RELEASE_MESSAGES.releaseCreated);
        const created = {
          ...payload,
          release_id: releaseId,
          featuring3: null,
          upc_ean: payload.upc_ean ?? '',
          album_artwork: payload.album_artwork ?? '',
          number_of_tracks: 0,
          status: 'draft',
          reason: '',
          crbt: '',
          video_platforms: '',
          audios: [],
        } as Release;
        draft.put(created);
        setHandoff(releaseId);
        setConfirmOpen(false);
        navigate(`${RELEASE_ROUTES.wizardFor(releaseId)}?step=2`);
      } else {
        const answer = await updateRelease.mutateAsync({ body: { ...payload, release_id: release.release_id } });
        notify.success(answer.message || RELEASE_MESSAGES.releaseUpdated);
        draft.patch(release.release_id, { ...payload, upc_ean: payload.upc_ean ?? '', album_artwork: payload.album_artwork ?? '' } as Partial<Release>);
        onDone();
      }
    } catch {
      // The kit has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    formik.setTouched(Object.fromEntries(FIELD_NAMES.map((n) => [n, true])), false);
    const found = (await formik.validateForm()) as FieldErrors;
    if (Object.keys(found).length > 0) {
      notify.error(formErrorToast(found));
      return;
    }
    if (artworkUploading) {
      notify.error(RELEASE_MESSAGES.uploadPending);
      return;
    }
    if (editing) void save();
    else setConfirmOpen(true);
  };

  const artistValues = artistSlotValues(values);
  const onArtists = (patch: Record<string, string>) => {
    for (const [key, value] of Object.entries(patch)) void setFieldValue(key, value);
  };
  const artistErrors = { primary_artist1: errorOf('primary_artist1') };
  // Leaving with typed but unsaved release info asks first (docs/decisions/017).
  const leaveGuard = useLeaveGuard(formik.dirty && !saving);

  return (
    <form onSubmit={onSubmit} noValidate>
      {leaveGuard}
      <AsideGrid $aside="minmax(240px, 340px)" $stackBelow={900}>
        <Card>
          <Stack $gap={12}>
            <SectionTitle>{RELEASE_UI.info.artworkHeading}</SectionTitle>
            <FixMark field="album_artwork">
              <ArtworkUpload
                value={values.album_artwork}
                onChange={(filename) => void setFieldValue('album_artwork', filename)}
                onUploadingChange={setArtworkUploading}
              />
            </FixMark>
          </Stack>
        </Card>
        <Card>
          <SectionTitle style={{ marginBottom: 16 }}>{RELEASE_UI.info.detailsHeading}</SectionTitle>
          <FieldGrid>
            <RequiredSelect label={RELEASE_UI.info.releaseType} options={TYPE_OPTIONS} {...textProps('release_type')} />
            <FixMark field="release_title">
              <TextField label={RELEASE_UI.info.releaseTitle} required maxLength={255} autoComplete="off" {...textProps('release_title')} />
            </FixMark>
            <FixMark field="primary_artist1">
              <Group>
                <legend>{RELEASE_UI.facts.primaryArtist}</legend>
                <ArtistSlots type="primary" values={artistValues} onChange={onArtists} errors={artistErrors} />
              </Group>
            </FixMark>
            <Group>
              <legend>{RELEASE_UI.facts.featuring}</legend>
              <ArtistSlots type="featuring" values={artistValues} onChange={onArtists} />
            </Group>
            <RequiredSelect
              label={RELEASE_UI.info.genre}
              options={GENRE_OPTIONS}
              {...textProps('genre')}
              onChange={(e) => {
                const genre = e.target.value;
                void setFieldValue('genre', genre);
                if (!subGenresFor(genre).includes(values.sub_genre)) void setFieldValue('sub_genre', '');
              }}
            />
            <RequiredSelect label={RELEASE_UI.info.subGenre} options={subGenreOptions} {...textProps('sub_genre')} />
            <TextField label={RELEASE_UI.info.labelName} required maxLength={255} {...textProps('lable_name')} />
            <div>
              <DatePickerField
                label={RELEASE_UI.info.releaseDate}
                name="release_date"
                required
                value={values.release_date}
                min={minDate}
                hint={t(RELEASE_UI.info.releaseDateHint, { date: formatDate(minDate) })}
                error={errorOf('release_date')}
                onChange={(ms) => void setFieldValue('release_date', ms)}
                onBlur={() => void formik.setFieldTouched('release_date', true)}
              />
              <Advice>{RELEASE_MESSAGES.pitchAdvice}</Advice>
            </div>
            <TextField label={RELEASE_UI.info.pLine} required maxLength={255} {...textProps('p_line')} />
            <FixMark field="c_line">
              <TextField label={RELEASE_UI.info.cLine} required maxLength={255} {...textProps('c_line')} />
            </FixMark>
            <TextField label={RELEASE_UI.info.upcEan} inputMode="numeric" maxLength={13} {...textProps('upc_ean')} />
            <FullWidth>
              <Muted>{RELEASE_UI.wizard.requiredNote}</Muted>
            </FullWidth>
          </FieldGrid>
          <Actions>
            <Button type="submit" busy={saving && editing} disabled={artworkUploading}>
              {RELEASE_UI.wizard.saveAndContinue}
            </Button>
          </Actions>
        </Card>
      </AsideGrid>
      <ConfirmDialog
        open={confirmOpen}
        title={RELEASE_MESSAGES.confirmTitle}
        message={RELEASE_MESSAGES.confirmQuestion}
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirmOpen(false)}
      />
    </form>
  );
}
