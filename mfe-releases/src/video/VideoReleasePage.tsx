import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFormik, type FormikErrors } from 'formik';
import { Link, useNavigate } from 'react-router-dom';
import {
  AsideGrid,
  Bar,
  Button,
  Card,
  CheckboxField,
  DatePickerField,
  fieldError,
  FieldGrid,
  formatDate,
  FullWidth,
  Muted,
  NewTabLink,
  notify,
  PageHeader,
  ReleaseGate,
  schemaErrors,
  SectionTitle,
  SelectField,
  Stack,
  TextField,
  theme,
  tintedNote,
  useEndpointMutation,
  useEndpointPage,
} from '@portal/kit';
import { minReleaseDate, OPS_ENDPOINTS, RELEASE_UI, VIDEO_ENDPOINTS, VIDEO_MESSAGES, VIDEO_TRANSFER_SITES, VIDEO_UI, videoReleaseSchema, type VideoReleaseDto } from '@portal/contracts';
import { FieldNote } from '../shared/FieldNote';
import { RELEASE_ROUTES } from '../shared/routes';
import { t } from '../shared/text';
import { GuidelinesDialog } from './GuidelinesDialog';
import { ThumbnailUpload } from './ThumbnailUpload';
import { VideoPlatforms } from './VideoPlatforms';
import { EMPTY_VIDEO_FORM, fieldMessage, firstVideoError, videoPayload, type VideoFormValues } from './video-form';

const UI = VIDEO_UI.form;

const Footer = styled(Bar)`
  justify-content: flex-start;
  margin-top: 8px;
`;

const Intro = styled(Bar)`
  margin-bottom: 16px;
`;

const Notice = styled.p`
  margin: 0 0 12px;
  ${tintedNote(theme.colors.warningSoft)}
`;

const TermsLabel = styled.span`
  a { color: ${theme.colors.accent}; font-weight: 600; }
`;

const FIELDS = Object.keys(EMPTY_VIDEO_FORM) as Array<keyof VideoFormValues>;

/** The optional text fields after the download link, each with its note (areas §2), in form order. */
const NOTED_FIELDS = [
  { name: 'video_upc', label: UI.upc, note: UI.upcHint, numeric: true },
  { name: 'video_isrc', label: UI.isrc, note: UI.isrcHint, numeric: false },
  { name: 'actor', label: UI.actor, note: UI.namesHint, numeric: false },
  { name: 'actress', label: UI.actress, note: UI.namesHint, numeric: false },
] as const;

/**
 * The video release form (areas §2 /create_video_releases, §5, §8): thumbnail, Select Release then
 * Select Audio (cleared when the release changes), download link, UPC, ISRC, actors and actresses,
 * release date (read-only picker, today + 6 at the earliest), the video platforms, the terms and the
 * "MUSIC VIDEO GUIDELINES" dialog. Submit checks videoReleaseSchema (first message as a toast, in the
 * API's order), posts submitVideoRelease, shows "Release submitted for review" and opens /video-catalog.
 */
export function VideoReleaseForm() {
  const navigate = useNavigate();
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const minDate = useMemo(() => minReleaseDate(), []);
  // "Select Release" options (areas §2): the caller's submitted or approved releases.
  const releases = useEndpointPage(VIDEO_ENDPOINTS.getReleaseTitlesForVRelease);
  // A submitted video shows in the video catalogue and the ops video queue (docs/decisions/025).
  const submitVideo = useEndpointMutation(VIDEO_ENDPOINTS.submitVideoRelease, { invalidates: [VIDEO_ENDPOINTS.getVideoCatelogListWeb, OPS_ENDPOINTS.videoQueue] });

  const formik = useFormik<VideoFormValues>({
    initialValues: EMPTY_VIDEO_FORM,
    validateOnMount: false,
    validate: (values) => schemaErrors(videoReleaseSchema, videoPayload(values, { release_title: '', audio_title: '' }), { now: Date.now() }) as Promise<FormikErrors<VideoFormValues>>,
    onSubmit: () => undefined,
  });
  const { values, setFieldValue, setFieldTouched } = formik;
  // "Select Audio" options (areas §2: loaded once a release is chosen), none while no release is.
  const audios = useEndpointPage(VIDEO_ENDPOINTS.getAudioTitles, { query: { release_id: values.release_id } }, { enabled: !!values.release_id, keepPrevious: false });
  const errorOf = (name: keyof VideoFormValues) => fieldMessage(fieldError(formik, name));

  const releaseOptions = releases.rows.map((r) => ({ value: String(r.release_id), label: r.release_title }));
  const audioOptions = audios.rows.map((a) => ({ value: String(a.audio_id), label: a.title }));
  const titles = {
    release_title: releases.rows.find((r) => String(r.release_id) === values.release_id)?.release_title ?? '',
    audio_title: audios.rows.find((a) => String(a.audio_id) === values.audio_id)?.title ?? '',
  };

  const text = (name: 'download_link' | 'video_upc' | 'video_isrc' | 'actor' | 'actress') => ({
    name,
    value: values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: errorOf(name),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || submitting) return;
    await formik.setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])), false);
    const errors = await formik.validateForm();
    const first = firstVideoError(errors as Record<string, unknown>);
    if (first) {
      notify.error(first);
      return;
    }
    setSubmitting(true);
    try {
      // Sent only once the form's schema check found nothing: the payload has the schema's whole shape.
      const answer = await submitVideo.mutateAsync({ body: videoPayload(values, titles) as VideoReleaseDto });
      notify.success(answer.message === VIDEO_MESSAGES.submitted ? answer.message : VIDEO_MESSAGES.submitted);
      navigate(RELEASE_ROUTES.videoCatalog);
    } catch {
      // The kit has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  const audioPlaceholder = !values.release_id ? UI.audioChooseRelease : audios.loading ? UI.audiosLoading : UI.audioPlaceholder;

  return (
    <>
      <PageHeader
        title={UI.title}
        actions={
          <Button type="button" variant="secondary" onClick={() => navigate(RELEASE_ROUTES.videoCatalog)}>
            {UI.backToCatalog}
          </Button>
        }
      />
      <Intro>
        <Muted>{UI.intro}</Muted>
        <Button type="button" variant="secondary" onClick={() => setGuidelinesOpen(true)}>
          {UI.guidelinesButton}
        </Button>
      </Intro>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={UI.title}>
        <AsideGrid $aside="minmax(260px, 380px)" $stackBelow={960}>
          <Card>
            <Stack $gap={12}>
              <SectionTitle>{UI.thumbnailHeading}</SectionTitle>
              <ThumbnailUpload
                value={values.thumbnail}
                onChange={(filename) => {
                  void setFieldValue('thumbnail', filename);
                }}
                onUploadingChange={setUploading}
                error={errorOf('thumbnail')}
              />
            </Stack>
          </Card>
          <Card>
            <Stack $gap={4}>
              <SectionTitle style={{ marginBottom: 8 }}>{UI.detailsHeading}</SectionTitle>
              <Muted style={{ marginBottom: 8 }}>{UI.required}</Muted>
              {!releases.loading && !releases.failed && releases.rows.length === 0 && (
                <Notice role="status">
                  {UI.noReleases} <Link to={RELEASE_ROUTES.wizard}>{RELEASE_UI.select.audio}</Link>
                </Notice>
              )}
              {(releases.failed || audios.failed) && (
                <Notice role="alert">
                  {releases.failed ? UI.releasesFailed : UI.audiosFailed}{' '}
                  <Button type="button" variant="text" onClick={releases.failed ? releases.reload : audios.reload}>
                    {UI.retry}
                  </Button>
                </Notice>
              )}
              <FieldGrid>
                <SelectField
                  label={UI.release}
                  name="release_id"
                  required
                  placeholder={releases.loading ? UI.releasesLoading : UI.releasePlaceholder}
                  options={releaseOptions}
                  value={values.release_id}
                  disabled={releases.loading}
                  onChange={(e) => {
                    void setFieldValue('release_id', e.target.value);
                    void setFieldValue('audio_id', '');
                  }}
                  onBlur={() => void setFieldTouched('release_id')}
                  error={errorOf('release_id')}
                />
                <SelectField
                  label={UI.audio}
                  name="audio_id"
                  required
                  placeholder={audioPlaceholder}
                  options={audioOptions}
                  value={values.audio_id}
                  disabled={!values.release_id || audios.loading}
                  onChange={(e) => void setFieldValue('audio_id', e.target.value)}
                  onBlur={() => void setFieldTouched('audio_id')}
                  error={errorOf('audio_id')}
                />
                <FieldNote wide note={t(UI.transferSites, { sites: VIDEO_TRANSFER_SITES.join(', ') })}>
                  <TextField label={UI.downloadLink} type="url" inputMode="url" placeholder={UI.downloadLinkPlaceholder} required autoComplete="off" {...text('download_link')} />
                </FieldNote>
                {NOTED_FIELDS.map(({ name, label, note, numeric }) => (
                  <FieldNote key={name} note={note}>
                    <TextField label={label} inputMode={numeric ? 'numeric' : undefined} autoComplete="off" {...text(name)} />
                  </FieldNote>
                ))}
                <DatePickerField
                  label={UI.releaseDate}
                  name="release_date"
                  required
                  value={values.release_date}
                  min={minDate}
                  hint={t(UI.releaseDateHint, { date: formatDate(minDate) })}
                  onChange={(ms) => {
                    void setFieldValue('release_date', ms);
                  }}
                  onBlur={() => void setFieldTouched('release_date')}
                  error={errorOf('release_date')}
                />
                <FullWidth>
                  <VideoPlatforms />
                </FullWidth>
                <FullWidth>
                  <CheckboxField
                    name="terms"
                    checked={values.terms}
                    onChange={(e) => void setFieldValue('terms', e.target.checked)}
                    error={errorOf('terms')}
                    label={
                      <TermsLabel>
                        {UI.termsBefore}
                        <NewTabLink href={UI.termsUrl}>{UI.termsLink}</NewTabLink>
                        {UI.termsMiddle}
                        <NewTabLink href={UI.privacyUrl}>{UI.privacyLink}</NewTabLink>
                        {UI.termsAfter}
                      </TermsLabel>
                    }
                  />
                </FullWidth>
              </FieldGrid>
              {/* Submit on the left: the toasts (bottom right) never cover it. */}
              <Footer>
                <Button type="submit" busy={submitting} disabled={uploading}>
                  {UI.submit}
                </Button>
              </Footer>
            </Stack>
          </Card>
        </AsideGrid>
      </form>
      <GuidelinesDialog open={guidelinesOpen} onClose={() => setGuidelinesOpen(false)} />
    </>
  );
}

/** /create_video_releases: gated like every release-creation screen (areas §2 "Gates": maintenance first, then revoked). */
export function VideoReleasePage() {
  return (
    <ReleaseGate>
      <VideoReleaseForm />
    </ReleaseGate>
  );
}

export default VideoReleasePage;
