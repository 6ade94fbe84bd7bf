import { useState } from 'react';
import { pitchPlaylistSchema, TOOLS_LIMITS as L, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI, PITCH_GUIDELINES, type PlaylistPitchRow } from '@portal/contracts';
import { Button, Card, type DataTableColumn, FieldGrid, FullWidth, Row, Stack, TextAreaField, TextField } from '@portal/kit';
import { DetailsDialog } from '../shared/dialog-parts';
import { dateCell } from '../shared/cells';
import { GuidelinesDialog } from '../shared/GuidelinesDialog';
import { HistorySection, SubmitActions, numberColumn, releaseAudioColumns, statusColumn } from '../shared/HistorySection';
import { LinkButton, Notice } from '../shared/notices';
import { ReleaseAudioFields, releaseAudioBinding } from '../shared/ReleaseAudioFields';
import { UrlListField } from '../shared/UrlListField';
import { useHistory } from '../shared/use-history';
import { useSubmitForm } from '../shared/use-submit-form';
import { MoodsField } from './MoodsField';
import { pitchInitial as initialValues, pitchPayload } from './payloads';

/** A label with a character counter that screen readers skip (the limit is also the input's maxLength). */
const counted = (label: string, value: string, max: number) => (
  <>
    {label}{' '}
    <span aria-hidden="true" style={{ fontWeight: 400, color: '#667085' }}>
      ({value.length}/{max})
    </span>
  </>
);

/** The "View Pitch" dialog: the stored values of one pitch (areas §2 detail dialogs). */
function PitchDialog({ row, onClose }: { row: PlaylistPitchRow | null; onClose(): void }) {
  const d = UI.detail;
  const links = (list: string[]) =>
    list.length ? (
      <Stack $gap={4}>
        {list.map((u) => (
          <a key={u} href={u} target="_blank" rel="noopener noreferrer">
            {u}
          </a>
        ))}
      </Stack>
    ) : (
      d.none
    );
  return (
    <DetailsDialog row={row} title={UI.pitchDetails} onClose={onClose}>
      {(row) => (
        <>
          <div><dt>{UI.columns.audioTitle}</dt><dd>{row.audio_title}</dd></div>
          <div><dt>{d.moods}</dt><dd>{row.moods.join(', ') || d.none}</dd></div>
          <div style={{ gridColumn: '1 / -1' }}><dt>{d.whyPitch}</dt><dd style={{ whiteSpace: 'pre-wrap', fontWeight: 400 }}>{row.why_pitch}</dd></div>
          <div style={{ gridColumn: '1 / -1' }}><dt>{d.quickPitch}</dt><dd style={{ fontWeight: 400 }}>{row.quick_pitch}</dd></div>
          <div><dt>{d.artworkAsset}</dt><dd>{row.artwork_asset || d.none}</dd></div>
          <div><dt>{d.additionalAssets}</dt><dd>{row.additional_assets ? <a href={row.additional_assets} target="_blank" rel="noopener noreferrer">{row.additional_assets}</a> : d.none}</dd></div>
          <div style={{ gridColumn: '1 / -1' }}><dt>{d.additionalInfo}</dt><dd style={{ fontWeight: 400 }}>{row.additional_info || d.none}</dd></div>
          <div><dt>{UI.pressRelease}</dt><dd>{links(row.press_release)}</dd></div>
          <div><dt>{UI.socialLinks}</dt><dd>{links(row.social_media)}</dd></div>
          {row.status === 'rejected' && row.reason && <div style={{ gridColumn: '1 / -1' }}><dt>{d.reason}</dt><dd>{row.reason}</dd></div>}
        </>
      )}
    </DetailsDialog>
  );
}

/**
 * Playlist Pitchment mode (areas §2, §4, §5, §9): only upcoming releases, the pitch texts with their
 * limits, links, press release and social link lists through "Add Url(s)", moods through "Select Moods",
 * the guidelines, and the history with "View Pitch".
 */
export function PlaylistPitchMode() {
  const history = useHistory(E.getPlaylistPitchHistory);
  const form = useSubmitForm({ initialValues, schema: pitchPlaylistSchema, endpoint: E.submitPitchPlaylist, toPayload: pitchPayload, history: E.getPlaylistPitchHistory, onDone: history.toFirstPage });
  const { formik, bind, errorOf } = form;
  const [guidelines, setGuidelines] = useState(false);
  const [detail, setDetail] = useState<PlaylistPitchRow | null>(null);
  const v = formik.values;
  const columns: DataTableColumn<PlaylistPitchRow>[] = [
    numberColumn(history.page),
    statusColumn(),
    ...releaseAudioColumns(),
    { key: 'press', header: UI.columns.pressRelease, render: (r) => r.press_release.length },
    { key: 'social', header: UI.columns.socialLinks, render: (r) => r.social_media.length },
    { key: 'pitch', header: UI.columns.pitch, render: (r) => <LinkButton type="button" onClick={() => setDetail(r)}>{UI.viewPitch}</LinkButton> },
    { key: 'date', header: UI.columns.date, render: (r) => dateCell(r.date) },
  ];
  return (
    <Stack $gap={20}>
      <Card>
        <Stack $gap={12} style={{ marginBottom: 16 }}>
          <Notice>{UI.upcomingOnly}</Notice>
          <Notice tone="danger">{UI.notGuaranteed}</Notice>
          <Row $justify="flex-end">
            <Button type="button" variant="secondary" onClick={() => setGuidelines(true)}>
              {UI.viewGuidelines}
            </Button>
          </Row>
        </Stack>
        <form onSubmit={form.onSubmit} noValidate aria-label={UI.headings.playlist}>
          <FieldGrid>
            <ReleaseAudioFields upcomingOnly {...releaseAudioBinding(form)} />
            <FullWidth>
              <TextAreaField label={counted(UI.whyPitch, v.why_pitch, L.whyPitchMax)} required rows={4} maxLength={L.whyPitchMax} {...bind('why_pitch')} />
            </FullWidth>
            <TextField label={counted(UI.quickPitch, v.quick_pitch, L.quickPitchMax)} required maxLength={L.quickPitchMax} autoComplete="off" {...bind('quick_pitch')} />
            <TextField label={UI.artworkAsset} maxLength={L.artworkAssetMax} placeholder={UI.artworkAssetPlaceholder} {...bind('artwork_asset')} />
            <TextField label={UI.additionalAssets} type="url" placeholder={UI.additionalAssetsPlaceholder} {...bind('additional_assets')} />
            <TextField label={counted(UI.additionalInfo, v.additional_info, L.additionalInfoMax)} maxLength={L.additionalInfoMax} {...bind('additional_info')} />
            <UrlListField label={UI.pressRelease} value={v.press_release} onChange={(urls) => void formik.setFieldValue('press_release', urls)} error={errorOf('press_release')} />
            <UrlListField label={UI.socialLinks} required value={v.social_media} onChange={(urls) => void formik.setFieldValue('social_media', urls)} error={errorOf('social_media')} />
            <MoodsField value={v.moods} onChange={(moods) => void formik.setFieldValue('moods', moods)} error={errorOf('moods')} />
          </FieldGrid>
          <SubmitActions busy={form.submitting} />
        </form>
      </Card>
      <HistorySection title={UI.historyHeading.playlist} history={history} columns={columns} rowKey={(r) => r.id} />
      <GuidelinesDialog open={guidelines} title={UI.viewGuidelines} sections={PITCH_GUIDELINES} onClose={() => setGuidelines(false)} />
      <PitchDialog row={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}
