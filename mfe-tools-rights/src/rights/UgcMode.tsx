import { useState } from 'react';
import { fillMessage, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI, UGC_GUIDELINES, UGC_PLATFORMS, UGC_POLICIES, ugcClaimSchema, type UgcClaimRow } from '@portal/contracts';
import { Actions, Button, Card, type DataTableColumn, FieldGrid, SelectField, Stack, UrlListDialog } from '@portal/kit';
import { dateCell } from '../shared/cells';
import { HistorySection, SubmitActions, numberColumn, releaseAudioColumns, statusColumn } from '../shared/HistorySection';
import { LinkButton } from '../shared/notices';
import { ReleaseAudioFields, releaseAudioBinding } from '../shared/ReleaseAudioFields';
import { UrlListField } from '../shared/UrlListField';
import { useHistory } from '../shared/use-history';
import { useSubmitForm } from '../shared/use-submit-form';
import { ugcInitial as initialValues, ugcPayload } from './payloads';

const options = (list: readonly string[]) => list.map((x) => ({ value: x, label: x }));

/**
 * UGC Claims mode (areas §2, §5): release, audio (options depend on the release), platform, policy and
 * the claimed URLs through "Add Url(s)" with the '&feature=youtu.be' warning; "Your UGC Claims History"
 * with "{n} URL" opening the list of links.
 */
export function UgcMode({ onGuidelines }: { onGuidelines(lines: readonly string[]): void }) {
  const history = useHistory(E.getUGCClaimHistory);
  const form = useSubmitForm({ initialValues, schema: ugcClaimSchema, endpoint: E.submitUGCClaim, toPayload: ugcPayload, history: E.getUGCClaimHistory, onDone: history.toFirstPage });
  const { formik, bind, errorOf } = form;
  const [urls, setUrls] = useState<string[] | null>(null);
  const v = formik.values;
  const columns: DataTableColumn<UgcClaimRow>[] = [
    numberColumn(history.page),
    ...releaseAudioColumns(),
    { key: 'policy', header: UI.columns.policy, render: (r) => r.policy },
    statusColumn(),
    { key: 'date', header: UI.columns.date, render: (r) => dateCell(r.date) },
    {
      key: 'urls',
      header: UI.columns.urls,
      render: (r) =>
        r.url.length ? (
          <LinkButton type="button" onClick={() => setUrls(r.url)}>
            {fillMessage(UI.urlCount, { n: r.url.length })}
          </LinkButton>
        ) : (
          UI.noUrl
        ),
    },
  ];
  return (
    <Stack $gap={20}>
      <Card>
        <Actions style={{ marginTop: 0, marginBottom: 12 }}>
          <Button type="button" variant="secondary" onClick={() => onGuidelines(UGC_GUIDELINES)}>
            {UI.guidelines}
          </Button>
        </Actions>
        <form onSubmit={form.onSubmit} noValidate aria-label={UI.headings.ugc}>
          <FieldGrid>
            <ReleaseAudioFields {...releaseAudioBinding(form)} />
            <SelectField label={UI.selectPlatform} required placeholder={UI.selectPlatform} options={options(UGC_PLATFORMS)} {...bind('platform')} />
            <SelectField label={UI.selectPolicy} required placeholder={UI.selectPolicy} options={options(UGC_POLICIES)} {...bind('policy')} />
            <UrlListField label={UI.url} required ugc value={v.url} onChange={(list) => void formik.setFieldValue('url', list)} error={errorOf('url')} />
          </FieldGrid>
          <SubmitActions busy={form.submitting} />
        </form>
      </Card>
      <HistorySection title={UI.historyHeading.ugc} history={history} columns={columns} rowKey={(r) => r.id} />
      <UrlListDialog open={urls !== null} title={UI.claimUrls} items={(urls ?? []).map((u) => ({ name: u, url: u }))} onClose={() => setUrls(null)} />
    </Stack>
  );
}
