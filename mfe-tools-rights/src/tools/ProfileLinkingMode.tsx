import { profileLinkingSchema, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI, type ProfileLinkingRow } from '@portal/contracts';
import { Card, type DataTableColumn, FieldGrid, Stack, TextField } from '@portal/kit';
import { dateCell, SocialIcon } from '../shared/cells';
import { HistorySection, SubmitActions, numberColumn, releaseAudioColumns, statusColumn } from '../shared/HistorySection';
import { ReleaseAudioFields, releaseAudioBinding } from '../shared/ReleaseAudioFields';
import { useHistory } from '../shared/use-history';
import { useSubmitForm } from '../shared/use-submit-form';
import { profileLinkingInitial as initialValues, profileLinkingPayload } from './payloads';

/** Profile Linking mode (areas §2): release, audio, artist, Facebook and Instagram links, and the history. */
export function ProfileLinkingMode() {
  const history = useHistory(E.getProfileLinkingHistory);
  const form = useSubmitForm({ initialValues, schema: profileLinkingSchema, endpoint: E.submitProfileLinking, toPayload: profileLinkingPayload, history: E.getProfileLinkingHistory, onDone: history.toFirstPage });
  const { bind } = form;
  const columns: DataTableColumn<ProfileLinkingRow>[] = [
    numberColumn(history.page),
    statusColumn(),
    ...releaseAudioColumns(),
    { key: 'artist', header: UI.columns.artist, render: (r) => r.artist },
    { key: 'facebook', header: UI.columns.facebook, render: (r) => <SocialIcon kind="facebook" href={r.facebook_link} /> },
    { key: 'instagram', header: UI.columns.instagram, render: (r) => <SocialIcon kind="instagram" href={r.instagram_link} /> },
    { key: 'date', header: UI.columns.date, render: (r) => dateCell(r.date) },
  ];
  return (
    <Stack $gap={20}>
      <Card>
        <form onSubmit={form.onSubmit} noValidate aria-label={UI.headings.profileLinking}>
          <FieldGrid>
            <ReleaseAudioFields {...releaseAudioBinding(form)} />
            <TextField label={UI.artist} required maxLength={255} autoComplete="off" {...bind('artist')} />
            <TextField label={UI.facebookLink} required type="url" placeholder="https://www.facebook.com/…" {...bind('facebook_link')} />
            <TextField label={UI.instagramLink} required type="url" placeholder="https://www.instagram.com/…" {...bind('instagram_link')} />
          </FieldGrid>
          <SubmitActions busy={form.submitting} />
        </form>
      </Card>
      <HistorySection title={UI.historyHeading.profileLinking} history={history} columns={columns} rowKey={(r) => r.id} />
    </Stack>
  );
}
