import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useFormik } from 'formik';
import { bareFieldset, fieldError, type FieldErrors, FieldGrid, fieldProps, FormDialog, formErrorToast, FullWidth, LineList, notify, schemaErrors, SelectField, TextAreaField, TextField, theme } from '@portal/kit';
import {
  EXPLICIT_VERSIONS,
  GENRES,
  LANGUAGES,
  MUSIC_VIDEO_SPEC,
  NO_LINGUISTIC_CONTENT,
  RELEASE_LIMITS,
  RELEASE_MESSAGES,
  RELEASE_UI,
  TRACK_VERSIONS,
  YES_NO,
  formatCallerTune,
  normalizeCallerTune,
  maxProductionYear,
  priceTiersFor,
  subGenresFor,
  trackSchema,
  type TrackPayload,
} from '@portal/contracts';
import { ArtistSlots } from '../artists/ArtistSlots';
import { artistSlotValues } from '../artists/artist-rules';
import { CreditNames, type CreditNamesProps } from './CreditNames';
import { FieldNote } from '../../shared/FieldNote';
import { FixMark } from '../fields-to-fix';
import { RequiredSelect } from '../RequiredSelect';
import { trackPayload, type TrackFormValues } from './track.form';

export type TrackDetailsDialogProps = {
  open: boolean;
  initialValues: TrackFormValues;
  /** The release type decides the price tiers (core §5). */
  releaseType: string;
  /** Whether the row's audio upload has finished (core §5 "File upload is pending."). */
  uploadDone: boolean;
  /** The row's uploaded file name (it can change while the dialog is open). */
  audioTrack: string;
  /** Keeps what was typed when the dialog closes without saving. */
  onClose(values: TrackFormValues): void;
  /** Saves on the server; resolves true when saved. */
  onSave(payload: TrackPayload, values: TrackFormValues): Promise<boolean>;
};

const Section = styled.fieldset`
  ${bareFieldset}
  border-top: 1px solid ${theme.colors.border};
  padding-top: 16px;
  & + & { margin-top: 8px; }
  > legend {
    padding: 0 8px 0 0;
    font-weight: 700;
    font-size: ${theme.font.size.md};
    color: ${theme.colors.text};
  }
`;

/** One titled group of the dialog's fields: a Section (fieldset) with its legend over a FieldGrid. */
function FieldSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Section>
      <legend>{legend}</legend>
      <FieldGrid>{children}</FieldGrid>
    </Section>
  );
}

const SpecBox = styled.div`
  padding: 12px 14px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceMuted};
  border: 1px solid ${theme.colors.border};
  margin-bottom: 16px;
  h4 { margin: 0 0 6px; font-size: ${theme.font.size.sm}; }
`;

const opts = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const YES_NO_OPTIONS = opts(YES_NO);
const VERSION_OPTIONS = opts(TRACK_VERSIONS);
const EXPLICIT_OPTIONS = opts(EXPLICIT_VERSIONS);
const GENRE_OPTIONS = opts(GENRES);
const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }));
// "No Linguistic Content" first (what an instrumental gets), then every other language once: LANGUAGES holds it too.
const LYRICS_LANGUAGE_OPTIONS = [{ value: NO_LINGUISTIC_CONTENT.code, label: NO_LINGUISTIC_CONTENT.name }, ...LANGUAGE_OPTIONS.filter((o) => o.value !== NO_LINGUISTIC_CONTENT.code)];
const FORM_ID = 'track-details-form';

/**
 * "Add Details" (core §2 Tab 2): every track field of core §3, validated with trackSchema (release
 * type and clock in context) when Save is pressed. Save first needs the audio upload to be done
 * ("File upload is pending."); missing fields give "Please fill all required fields".
 */
export function TrackDetailsDialog({ open, initialValues, releaseType, uploadDone, audioTrack, onClose, onSave }: TrackDetailsDialogProps) {
  const [saving, setSaving] = useState(false);
  const formik = useFormik<TrackFormValues>({
    initialValues,
    validateOnMount: false,
    validate: (values) =>
      schemaErrors(trackSchema, trackPayload({ ...values, audio_track: audioTrack || 'pending' }), { releaseType, now: Date.now() }),
    onSubmit: () => undefined,
  });
  const { values, setFieldValue, resetForm } = formik;
  const errors = formik.errors as FieldErrors;

  useEffect(() => {
    if (open) resetForm({ values: initialValues });
    // Reset only when the dialog opens: the row's values are the starting point each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resets only when the dialog opens
  }, [open]);

  const errorOf = (name: keyof TrackFormValues & string) => fieldError(formik, name, errors);
  const field = (name: keyof TrackFormValues & string) => fieldProps(formik, name, errors);

  const tierOptions = useMemo(() => priceTiersFor(releaseType).map((tier) => ({ value: tier.value, label: tier.label })), [releaseType]);
  const subGenreOptions = useMemo(() => opts(subGenresFor(values.genre)), [values.genre]);
  const maxYear = maxProductionYear();

  const save = async () => {
    if (!uploadDone || !audioTrack) {
      notify.error(RELEASE_MESSAGES.uploadPending);
      return;
    }
    // submitForm touches every field and counts the attempt, so errors show under the fields.
    await formik.submitForm();
    const found = (await formik.validateForm()) as FieldErrors;
    if (Object.keys(found).length > 0) {
      notify.error(formErrorToast(found));
      return;
    }
    const current = { ...values, audio_track: audioTrack };
    const payload = await trackSchema.validate(trackPayload(current), { context: { releaseType, now: Date.now() } });
    setSaving(true);
    try {
      await onSave(payload, current);
    } finally {
      setSaving(false);
    }
  };

  const artistValues = artistSlotValues(values);
  const setMany = (patch: Partial<TrackFormValues>) => {
    for (const [key, value] of Object.entries(patch)) void setFieldValue(key, value, false);
    void formik.validateForm({ ...values, ...patch });
  };

  const close = () => {
    if (!saving) onClose({ ...values });
  };

  // The three author or composer slots (`author1`..`author3`, `composer1`..`composer3`); the first is required.
  const creditProps = (kind: 'author' | 'composer'): CreditNamesProps => ({
    kind,
    values: [values[`${kind}1`], values[`${kind}2`], values[`${kind}3`]],
    onChange: (i, v) => setMany({ [`${kind}${i + 1}`]: v }),
    onReplace: ([a, b, c]) => setMany({ [`${kind}1`]: a, [`${kind}2`]: b, [`${kind}3`]: c }),
    // Touch the first slot without formik's own validation (it would use the values from before a
    // duplicate was cleared in this same blur), then validate the slots as they are after it.
    onBlur: ([a, b, c]) => {
      void formik.setFieldTouched(`${kind}1`, true, false);
      void formik.validateForm({ ...values, [`${kind}1`]: a, [`${kind}2`]: b, [`${kind}3`]: c });
    },
    error: errorOf(`${kind}1`),
  });

  return (
    <FormDialog
      open={open}
      title={RELEASE_UI.track.dialogTitle}
      onClose={close}
      width={880}
      formId={FORM_ID}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      cancelLabel={RELEASE_UI.wizard.cancel}
      submitLabel={RELEASE_UI.track.save}
      busy={saving}
      cancelDisabled={saving}
    >
      <FieldSection legend={RELEASE_UI.track.basics}>
        <RequiredSelect label={RELEASE_UI.track.version} options={VERSION_OPTIONS} {...field('track_version')} />
        <RequiredSelect
          label={RELEASE_UI.track.instrumental}
          options={YES_NO_OPTIONS}
          {...field('instrumental')}
          onChange={(e) =>
            // An instrumental has no lyrics: default its lyrics language to "No Linguistic Content".
            setMany(
              e.target.value === 'Yes' && !values.lyrics_language
                ? { instrumental: 'Yes', lyrics_language: NO_LINGUISTIC_CONTENT.code }
                : { instrumental: e.target.value },
            )
          }
        />
        <TextField label={RELEASE_UI.track.title} required maxLength={255} autoComplete="off" {...field('title')} />
        <TextField label={RELEASE_UI.track.versionSubtitle} maxLength={255} autoComplete="off" {...field('version_subtitle')} />
      </FieldSection>

      <FieldSection legend={RELEASE_UI.track.artists}>
        <ArtistSlots type="primary" values={artistValues} onChange={setMany} errors={{ primary_artist1: errorOf('primary_artist1') }} />
        <ArtistSlots type="featuring" values={artistValues} onChange={setMany} />
      </FieldSection>

      <FieldSection legend={RELEASE_UI.track.credits}>
        <CreditNames {...creditProps('author')} />
        <FixMark field="composer1">
          <CreditNames {...creditProps('composer')} />
        </FixMark>
        <TextField label={RELEASE_UI.track.producer} maxLength={255} autoComplete="off" {...field('producer')} />
        <TextField label={RELEASE_UI.track.publisher} maxLength={255} autoComplete="off" {...field('publisher')} />
      </FieldSection>

      <FieldSection legend={RELEASE_UI.track.rights}>
        <TextField label={RELEASE_UI.track.pLine} required maxLength={255} {...field('p_line')} />
        <TextField
          label={RELEASE_UI.track.productionYear}
          required
          type="number"
          inputMode="numeric"
          min={1900}
          max={maxYear}
          {...field('production_year')}
        />
        <RequiredSelect
          label={RELEASE_UI.track.ownIsrc}
          options={YES_NO_OPTIONS}
          {...field('isrc_yes_no')}
          onChange={(e) => setMany(e.target.value === 'Yes' ? { isrc_yes_no: 'Yes' } : { isrc_yes_no: e.target.value, isrc: '' })}
        />
        {values.isrc_yes_no === 'Yes' && (
          <TextField label={RELEASE_UI.track.isrc} required maxLength={15} autoComplete="off" placeholder="CCXXXYYNNNNN" {...field('isrc')} />
        )}
        <RequiredSelect label={RELEASE_UI.track.genre} options={GENRE_OPTIONS} {...field('genre')}
          onChange={(e) => {
            const genre = e.target.value;
            setMany(subGenresFor(genre).includes(values.subgenre) ? { genre } : { genre, subgenre: '' });
          }}
        />
        <RequiredSelect label={RELEASE_UI.track.subGenre} options={subGenreOptions} {...field('subgenre')} />
        <RequiredSelect label={RELEASE_UI.track.priceTier} options={tierOptions} {...field('price_tier')} />
        <RequiredSelect label={RELEASE_UI.track.explicitVersion} options={EXPLICIT_OPTIONS} {...field('explicit_version')} />
      </FieldSection>

      <FieldSection legend={RELEASE_UI.track.language}>
        <RequiredSelect label={RELEASE_UI.track.titleLanguage} options={LANGUAGE_OPTIONS} {...field('track_title_language')} />
        <FixMark field="lyrics_language">
          <RequiredSelect label={RELEASE_UI.track.lyricsLanguage} options={LYRICS_LANGUAGE_OPTIONS} {...field('lyrics_language')} />
        </FixMark>
        <FullWidth>
          <TextAreaField label={RELEASE_UI.track.lyrics} rows={5} maxLength={RELEASE_LIMITS.lyricsMax} {...field('lyrics')} />
        </FullWidth>
        <FieldNote note={RELEASE_UI.track.callerTuneHint}>
          <TextField
            label={RELEASE_UI.track.callerTune}
            inputMode="numeric"
            placeholder="0:15"
            maxLength={RELEASE_LIMITS.callerTuneMaxChars}
            autoComplete="off"
            {...field('caller_tune')}
            onChange={(e) => setMany({ caller_tune: formatCallerTune(e.target.value) })}
            // m:ss and h:mm:ss as typed show as the HH:MM:SS that is saved once the field is left (issue 38).
            onBlur={(e) => {
              setMany({ caller_tune: normalizeCallerTune(e.target.value) });
              formik.handleBlur(e);
            }}
          />
        </FieldNote>
      </FieldSection>

      <FieldSection legend={RELEASE_UI.track.video}>
        <SelectField
          label={RELEASE_UI.track.distributeVideo}
          options={YES_NO_OPTIONS}
          {...field('destribute_music')}
          onChange={(e) =>
            setMany(e.target.value === 'Yes' ? { destribute_music: 'Yes' } : { destribute_music: 'No', video_isrc: '', download_video_link: '' })
          }
        />
        {values.destribute_music === 'Yes' && (
          <>
            <TextField label={RELEASE_UI.track.videoIsrc} maxLength={15} autoComplete="off" placeholder="CCXXXYYNNNNN" {...field('video_isrc')} />
            <FullWidth>
              <TextField label={RELEASE_UI.track.downloadVideoLink} required type="url" placeholder="https://" {...field('download_video_link')} />
            </FullWidth>
            <FullWidth>
              <SpecBox>
                <h4>{RELEASE_UI.track.videoSpec}</h4>
                <LineList lines={MUSIC_VIDEO_SPEC} />
              </SpecBox>
            </FullWidth>
          </>
        )}
      </FieldSection>
    </FormDialog>
  );
}
