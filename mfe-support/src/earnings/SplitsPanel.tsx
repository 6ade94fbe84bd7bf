import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, DataTable, SectionTitle, SelectField, Stack, TextField, notify, useEndpointMutation, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import { fillMessage, ROYALTY_ENDPOINTS as E, ROYALTY_UI, setTrackSplitsSchema, type SplitInvitation } from '@portal/contracts';
import { ListFallback } from '../support-common/ListFallback';
import { fieldsThenButton, MutedNote } from '../support-common/layout';

const U = ROYALTY_UI.splits;
type Share = { email: string; percent: string };

const ShareRow = styled.div`
  ${fieldsThenButton('minmax(0, 2fr) minmax(0, 1fr) auto', '0 12px')}
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    > :first-child { grid-column: 1 / -1; }
    > button { margin-top: 26px; }
  }
`;

/**
 * Splits on the earnings screen (docs/decisions/019, "Splits"): the shares offered to the artist
 * (accept or decline), and the editor of one of their own tracks' shares (e-mail and percentage per
 * collaborator, at most 100 % in all; the owner keeps the rest). The server checks every rule again.
 * Reads are queries of the kit's data layer, a save or an answer a mutation that reloads what it
 * changed (docs/decisions/025).
 */
export function SplitsPanel() {
  const invitations = useEndpointPage(E.getSplitInvitations, {});
  const tracks = useEndpointPage(E.getSplitTracks, {});
  const [trackId, setTrackId] = useState('');
  const saved = useEndpointQuery(E.getTrackSplits, { query: { track_id: Number(trackId) } }, { enabled: trackId !== '' });
  // The editor shows the chosen track's saved shares until the artist changes them (an editable copy).
  const [edited, setEdited] = useState<Share[] | null>(null);
  const shares: Share[] = edited ?? (saved.isError ? [] : (saved.data?.body ?? []).map((s) => ({ email: s.email, percent: String(s.percent) })));
  const setShares = (next: Share[]) => setEdited(next);
  const [busy, setBusy] = useState(false);
  const saveSplits = useEndpointMutation(E.setTrackSplits, { invalidates: [E.getTrackSplits, E.getSplitTracks] });
  const respondSplit = useEndpointMutation(E.respondSplit, { invalidates: [E.getSplitInvitations] });

  // Choosing a track (again) shows its saved shares: the edits of the one before are dropped.
  const chooseTrack = (id: string) => {
    setTrackId(id);
    setEdited(null);
  };

  const total = shares.reduce((s, x) => s + Math.round((Number(x.percent) || 0) * 100), 0);
  const save = async () => {
    const body = { track_id: Number(trackId), shares: shares.map((s) => ({ email: s.email.trim(), percent: Number(s.percent) })) };
    try {
      await setTrackSplitsSchema.validate(body);
    } catch (e) {
      notify.error((e as Error).message);
      return;
    }
    setBusy(true);
    try {
      const a = await saveSplits.mutateAsync({ body });
      notify.success(a.message);
      // The reloaded shares are the saved ones.
      setEdited(null);
    } catch {
      // The kit showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const respond = async (splitId: number, accept: boolean) => {
    try {
      const a = await respondSplit.mutateAsync({ body: { split_id: splitId, accept } });
      notify.success(a.message);
    } catch {
      // The kit showed the server's message.
    }
  };

  const columns: DataTableColumn<SplitInvitation>[] = [
      { key: 'track', header: U.columns[0], render: (s) => s.track },
      { key: 'release', header: U.columns[1], render: (s) => s.release },
      { key: 'from', header: U.columns[2], render: (s) => s.from_month },
      { key: 'share', header: U.columns[3], render: (s) => `${s.percent}%` },
      { key: 'status', header: U.columns[4], render: (s) => s.status },
      {
        key: 'actions',
        header: U.columns[5],
        render: (s) =>
          s.status === 'invited' ? (
            <span style={{ display: 'inline-flex', gap: 8 }}>
              <Button type="button" onClick={() => void respond(s.split_id, true)} aria-label={`${U.accept} ${s.track}`}>
                {U.accept}
              </Button>
              <Button type="button" variant="secondary" onClick={() => void respond(s.split_id, false)} aria-label={`${U.decline} ${s.track}`}>
                {U.decline}
              </Button>
            </span>
          ) : null,
      },
  ];

  return (
    <Stack $gap={10}>
      <SectionTitle>{U.title}</SectionTitle>
      <Card>
        <Stack $gap={12}>
          <MutedNote>{U.intro}</MutedNote>
          {tracks.rows.length === 0 && !tracks.loading ? (
            <MutedNote>{U.noTracks}</MutedNote>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <SelectField label={U.track} name="track" placeholder={U.trackPlaceholder} options={tracks.rows.map((t) => ({ value: String(t.track_id), label: `${t.title} — ${t.release}` }))} value={trackId} onChange={(e) => chooseTrack(e.target.value)} />
              {trackId &&
                shares.map((s, i) => (
                  <ShareRow key={i}>
                    <TextField label={U.email} name={`email-${i}`} type="email" value={s.email} onChange={(e) => setShares(shares.map((x, k) => (k === i ? { ...x, email: e.target.value } : x)))} />
                    <TextField label={U.percent} name={`percent-${i}`} type="number" min={0.01} max={100} step={0.01} value={s.percent} onChange={(e) => setShares(shares.map((x, k) => (k === i ? { ...x, percent: e.target.value } : x)))} />
                    <Button type="button" variant="text" onClick={() => setShares(shares.filter((_, k) => k !== i))} aria-label={`${U.removeRow} ${s.email || i + 1}`}>
                      {U.removeRow}
                    </Button>
                  </ShareRow>
                ))}
              {trackId && (
                <Stack $gap={8}>
                  <MutedNote aria-live="polite">{fillMessage(U.ownerKeeps, { percent: (Math.max(0, 10000 - total) / 100).toString() })}</MutedNote>
                  <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
                    <Button type="button" variant="secondary" onClick={() => setShares([...shares, { email: '', percent: '' }])}>
                      {U.addRow}
                    </Button>
                    <Button type="submit" busy={busy}>
                      {U.save}
                    </Button>
                  </span>
                </Stack>
              )}
            </form>
          )}
        </Stack>
      </Card>
      <DataTable<SplitInvitation>
        caption={U.invitations}
        columns={columns}
        rows={invitations.rows}
        rowKey={(s) => s.split_id}
        loading={invitations.loading}
        empty={<ListFallback failed={invitations.failed} empty={U.noInvitations} onRetry={invitations.reload} />}
      />
    </Stack>
  );
}
