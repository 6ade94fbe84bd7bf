import { CHANNEL_TYPES, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI, WHITELIST_GUIDELINES, WHITELIST_PLATFORMS, whitelistSchema, type WhitelistRow } from '@portal/contracts';
import { Actions, Button, Card, type DataTableColumn, FieldGrid, SelectField, Stack, TextField } from '@portal/kit';
import { dateCell, newTabLinkColumn } from '../shared/cells';
import { HistorySection, SubmitActions, numberColumn, statusColumn } from '../shared/HistorySection';
import { Notice } from '../shared/notices';
import { useHistory } from '../shared/use-history';
import { useSubmitForm } from '../shared/use-submit-form';
import { whitelistInitial as initialValues, whitelistPayload } from './payloads';

const options = (list: readonly string[]) => list.map((x) => ({ value: x, label: x }));

/**
 * Whitelist mode (areas §2, §5), Beta: platform, channel type, channel name and URL (http or https;
 * a channel link on YouTube), and "Your Whitelist History" with "Click To Open".
 */
export function WhitelistMode({ onGuidelines }: { onGuidelines(lines: readonly string[]): void }) {
  const history = useHistory(E.getWhitelistHistory);
  const form = useSubmitForm({ initialValues, schema: whitelistSchema, endpoint: E.submitWhitelist, toPayload: whitelistPayload, history: E.getWhitelistHistory, onDone: history.toFirstPage });
  const { bind } = form;
  const columns: DataTableColumn<WhitelistRow>[] = [
    numberColumn(history.page),
    { key: 'platform', header: UI.columns.platform, render: (r) => r.platform },
    { key: 'type', header: UI.columns.channelType, render: (r) => r.channel_type },
    { key: 'name', header: UI.columns.channelName, render: (r) => r.channel_name },
    statusColumn(),
    { key: 'date', header: UI.columns.date, render: (r) => dateCell(r.date) },
    newTabLinkColumn('url', UI.columns.url, (r) => r.URL, UI.clickToOpen),
  ];
  return (
    <Stack $gap={20}>
      <Card>
        <Stack $gap={12} style={{ marginBottom: 16 }}>
          <Notice tone="warning">{UI.betaNotice}</Notice>
          <Actions style={{ marginTop: 0 }}>
            <Button type="button" variant="secondary" onClick={() => onGuidelines(WHITELIST_GUIDELINES)}>
              {UI.guidelines}
            </Button>
          </Actions>
        </Stack>
        <form onSubmit={form.onSubmit} noValidate aria-label={UI.headings.whitelist}>
          <FieldGrid>
            <SelectField label={UI.selectPlatform} required placeholder={UI.selectPlatform} options={options(WHITELIST_PLATFORMS)} {...bind('platform')} />
            <SelectField label={UI.selectChannelType} required placeholder={UI.selectChannelType} options={options(CHANNEL_TYPES)} {...bind('channel_type')} />
            <TextField label={UI.channelName} required placeholder={UI.channelNamePlaceholder} maxLength={100} autoComplete="off" {...bind('channel_name')} />
            <TextField label={UI.url} required type="url" placeholder={UI.urlPlaceholder} {...bind('URL')} />
          </FieldGrid>
          <SubmitActions busy={form.submitting} />
        </form>
      </Card>
      <HistorySection title={UI.historyHeading.whitelist} history={history} columns={columns} rowKey={(r) => r.id} />
    </Stack>
  );
}
