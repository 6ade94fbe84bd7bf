import { useMemo, useState, type FormEvent } from 'react';
import { LANGUAGES, LYRICS_TOOL_GUIDELINES, lyricsSchema, P_RIGHTS, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI, type LyricsRow } from '@portal/contracts';
import { Button, Card, type DataTableColumn, FieldGrid, FullWidth, notify, Row, SelectField, Stack, TextAreaField, TextField } from '@portal/kit';
import { DetailsDialog } from '../shared/dialog-parts';
import { dateCell } from '../shared/cells';
import { GuidelinesDialog } from '../shared/GuidelinesDialog';
import { HistorySection, SubmitActions, numberColumn, releaseAudioColumns, statusColumn } from '../shared/HistorySection';
import { LinkButton } from '../shared/notices';
import { ReleaseAudioFields, releaseAudioBinding } from '../shared/ReleaseAudioFields';
import { useHistory } from '../shared/use-history';
import { useSubmitForm } from '../shared/use-submit-form';
import { LrcUpload } from './LrcUpload';
import { lyricsInitial as initialValues, lyricsPayload } from './payloads';

const LANGUAGE_NAME = new Map(LANGUAGES.map((l) => [l.code, l.name]));
const languageName = (code: string) => LANGUAGE_NAME.get(code) ?? code;

/** The "View Details" dialog of a lyrics submission (areas §2: p_rights, iswc, lyrics). */
function LyricsDialog({ row, onClose }: { row: LyricsRow | null; onClose(): void }) {
  const d = UI.detail;
  return (
    <DetailsDialog row={row} title={UI.lyricsDetails} onClose={onClose}>
      {(row) => (
        <>
          <div><dt>{UI.columns.audioTitle}</dt><dd>{row.audio_title}</dd></div>
          <div><dt>{UI.lyricsLanguage}</dt><dd>{languageName(row.lyrics_language)}</dd></div>
          <div><dt>{d.pRights}</dt><dd>{row.p_rights}</dd></div>
          <div><dt>{d.iswc}</dt><dd>{row.iswc || d.none}</dd></div>
          <div><dt>{d.lrc}</dt><dd>{row.lrc_link ? UI.lrcAttached : d.none}</dd></div>
          {row.status === 'rejected' && row.reason && <div style={{ gridColumn: '1 / -1' }}><dt>{d.reason}</dt><dd>{row.reason}</dd></div>}
          <div style={{ gridColumn: '1 / -1' }}><dt>{d.lyrics}</dt><dd style={{ whiteSpace: 'pre-wrap', fontWeight: 400, maxHeight: 320, overflow: 'auto' }}>{row.lyrics}</dd></div>
        </>
      )}
    </DetailsDialog>
  );
}

/**
 * Distribute Lyrics mode (areas §2, §5; docs/decisions/005): lyrics language from the contracts' list, publishing
 * rights, ISWC, an LRC file checked on upload, the lyrics text, the guidelines and the history.
 */
export function LyricsMode() {
  const history = useHistory(E.getLyricsHistory);
  const form = useSubmitForm({ initialValues, schema: lyricsSchema, endpoint: E.submitDistributeLyrics, toPayload: lyricsPayload, history: E.getLyricsHistory, onDone: history.toFirstPage });
  const { formik, bind } = form;
  const [guidelines, setGuidelines] = useState(false);
  const [detail, setDetail] = useState<LyricsRow | null>(null);
  const [uploading, setUploading] = useState(false);
  const v = formik.values;
  const languageOptions = useMemo(() => [...LANGUAGES].sort((a, b) => a.name.localeCompare(b.name)).map((l) => ({ value: l.code, label: l.name })), []);
  const columns: DataTableColumn<LyricsRow>[] = [
    numberColumn(history.page),
    statusColumn(),
    ...releaseAudioColumns(),
    { key: 'language', header: UI.columns.language, render: (r) => languageName(r.lyrics_language) },
    { key: 'details', header: UI.columns.details, render: (r) => <LinkButton type="button" onClick={() => setDetail(r)}>{UI.viewDetails}</LinkButton> },
    { key: 'date', header: UI.columns.date, render: (r) => dateCell(r.date) },
  ];
  const onSubmit = (event: FormEvent) => {
    if (uploading) {
      event.preventDefault();
      notify.error(UI.lrcUploading);
      return;
    }
    form.onSubmit(event);
  };
  return (
    <Stack $gap={20}>
      <Card>
        <Row $justify="flex-end" style={{ marginBottom: 12 }}>
          <Button type="button" variant="secondary" onClick={() => setGuidelines(true)}>
            {UI.viewGuidelines}
          </Button>
        </Row>
        <form onSubmit={onSubmit} noValidate aria-label={UI.headings.lyrics}>
          <FieldGrid>
            <ReleaseAudioFields {...releaseAudioBinding(form)} />
            <SelectField label={UI.lyricsLanguage} required placeholder={UI.lyricsLanguage} options={languageOptions} {...bind('lyrics_language')} />
            <SelectField label={UI.pRights} required placeholder={UI.select} options={P_RIGHTS.map((p) => ({ value: p, label: p }))} {...bind('p_rights')} />
            <TextField label={UI.iswc} placeholder={UI.iswcPlaceholder} autoComplete="off" maxLength={20} {...bind('iswc')} />
            <LrcUpload value={v.lrc_link} onChange={(name) => void formik.setFieldValue('lrc_link', name)} onUploadingChange={setUploading} />
            <FullWidth>
              <TextAreaField label={UI.lyrics} required rows={10} maxLength={20_000} placeholder={UI.lyricsPlaceholder} {...bind('lyrics')} />
            </FullWidth>
          </FieldGrid>
          <SubmitActions busy={form.submitting} />
        </form>
      </Card>
      <HistorySection title={UI.historyHeading.lyrics} history={history} columns={columns} rowKey={(r) => r.id} />
      <GuidelinesDialog open={guidelines} title={UI.viewGuidelines} sections={LYRICS_TOOL_GUIDELINES} onClose={() => setGuidelines(false)} />
      <LyricsDialog row={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}
