import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Card, ConfirmDialog, DataTable, Muted, SectionTitle, Stack, api, notify, theme, type DataTableColumn } from '@portal/kit';
import { OPS_UI, REMOTE_REGISTRY_ENDPOINTS as R, fillMessage, type RemoteActivationRow, type RemoteVersionRow } from '@portal/contracts';
import { useOpsList } from '../common/use-ops-list';
import { formatWhen } from '../common/format';
import { groupByRemote, versionAction, type VersionAction } from './remote-versions';

const U = OPS_UI.remotes;

const Badge = styled.span<{ $tone: 'live' | 'muted' }>`
  display: inline-block;
  margin-left: 6px;
  padding: 1px 8px;
  border-radius: ${theme.radii.pill};
  font-size: 12px;
  font-weight: 700;
  color: ${({ $tone }) => ($tone === 'live' ? theme.colors.successText : theme.colors.textMuted)};
  background: ${({ $tone }) => ($tone === 'live' ? theme.colors.successSoft : theme.colors.surfaceMuted)};
  border: 1px solid ${({ $tone }) => ($tone === 'live' ? theme.colors.successText : theme.colors.border)};
`;
const Version = styled.code`
  font-size: 13px;
  white-space: nowrap;
`;
const Sub = styled.span`
  display: block;
  font-size: 12px;
  color: ${theme.colors.textMuted};
`;
const Reason = styled.span`
  display: inline-block;
  min-width: 220px;
  overflow-wrap: anywhere;
`;
const Details = styled.details`
  font-size: 12px;
  summary { cursor: pointer; color: ${theme.colors.accent}; font-weight: 600; white-space: nowrap; }
`;
const SharedList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 12px;
  color: ${theme.colors.textMuted};
  min-width: 160px;
  margin-top: 6px;
`;
/** The refusal of the compatibility gate (or any failed activation), kept on screen until dismissed. */
const Refusal = styled.div`
  padding: 12px 14px;
  border: 1px solid ${theme.colors.danger};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  overflow-wrap: anywhere;
  strong { display: block; margin-bottom: 4px; }
`;

type Pending = { row: RemoteVersionRow; action: VersionAction; from: string };

/**
 * Remote versions (issue 12, admins): each remote's stored versions, newest first, with the live
 * marker, when and by whom each was deployed (and made live), and the shared versions it was built
 * against. An older kept version can be rolled back to, a newer one made live, after a confirmation;
 * a refusal of the compatibility gate stays on screen with the server's message (package and versions).
 */
export function RemotesPage() {
  const versions = useOpsList<RemoteVersionRow>(R.listRemoteVersions, {});
  const activations = useOpsList<RemoteActivationRow>(R.listRemoteActivations, {});
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<{ remote: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setRefusal(null);
    try {
      const res = await api.call(R.rollbackRemote, { body: { remote: pending.row.remote, to: pending.row.version } }, { silent: true });
      notify.success(res.message);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      setRefusal({ remote: pending.row.remote, message });
      notify.error(message);
    } finally {
      setBusy(false);
      setPending(null);
      await Promise.all([versions.reload(), activations.reload()]);
    }
  };

  const groups = groupByRemote(versions.rows);
  const columns = (rows: RemoteVersionRow[]): DataTableColumn<RemoteVersionRow>[] => [
    {
      key: 'version',
      header: U.version,
      render: (v) => (
        <>
          <Version>{v.version}</Version>
          {v.live && <Badge $tone="live">{U.liveMarker}</Badge>}
        </>
      ),
    },
    {
      key: 'deployed',
      header: U.deployed,
      render: (v) => (
        <>
          {formatWhen(v.deployed_at)}
          <Sub>
            {U.by} {v.deployed_by}
          </Sub>
        </>
      ),
    },
    {
      key: 'state',
      header: U.state,
      render: (v) =>
        v.live ? (
          <>
            {U.activatedAt} {formatWhen(v.activated_at)}
            {v.activated_by && (
              <Sub>
                {U.by} {v.activated_by}
              </Sub>
            )}
          </>
        ) : v.pruned ? (
          U.pruned
        ) : (
          U.kept
        ),
    },
    {
      key: 'actions',
      header: OPS_UI.actionsColumn,
      render: (v) => {
        const action = versionAction(rows, v);
        const live = rows.find((r) => r.live);
        if (!action || !live) return null;
        return (
          <Button variant={action === 'rollback' ? 'danger' : 'secondary'} onClick={() => setPending({ row: v, action, from: live.version })} aria-label={`${action === 'rollback' ? U.rollback : U.activate} ${v.version}`}>
            {action === 'rollback' ? U.rollback : U.activate}
          </Button>
        );
      },
    },
    { key: 'commit', header: U.commit, render: (v) => <Version title={v.commit}>{v.commit.slice(0, 10)}</Version> },
    {
      key: 'shared',
      header: U.shared,
      render: (v) => (
        <Details>
          <summary>{fillMessage(U.sharedCount, { n: Object.keys(v.shared).length })}</summary>
          <SharedList>
            {Object.entries(v.shared).map(([name, version]) => (
              <li key={name}>
                {name} {version}
              </li>
            ))}
          </SharedList>
        </Details>
      ),
    },
  ];
  const activationColumns: DataTableColumn<RemoteActivationRow>[] = [
    { key: 'when', header: U.when, render: (a) => formatWhen(a.created_at) },
    { key: 'remote', header: U.remote, render: (a) => a.remote },
    { key: 'action', header: U.action, render: (a) => a.action },
    {
      key: 'to',
      header: U.version,
      render: (a) => (
        <>
          {a.from_version && <Sub><Version>{a.from_version}</Version> →</Sub>}
          <Version>{a.to_version}</Version>
        </>
      ),
    },
    { key: 'outcome', header: U.outcome, render: (a) => a.outcome },
    { key: 'by', header: U.by, render: (a) => a.actor },
    { key: 'reason', header: U.reason, render: (a) => <Reason>{a.reason ?? '—'}</Reason> },
  ];

  return (
    <Stack $gap={16}>
      <Muted>{U.intro}</Muted>
      {refusal && (
        <Refusal role="alert" data-testid="remote-refusal">
          <strong>
            {U.refused}: {refusal.remote}
          </strong>
          {refusal.message}
        </Refusal>
      )}
      {!versions.loading && groups.length === 0 && <Card><Muted>{U.none}</Muted></Card>}
      {groups.map(({ remote, rows }) => (
        <Card key={remote}>
          <SectionTitle>{remote}</SectionTitle>
          <DataTable columns={columns(rows)} rows={rows} rowKey={(v) => v.version} loading={versions.loading} empty={U.none} caption={`${U.heading}: ${remote}`} />
        </Card>
      ))}
      <Card>
        <SectionTitle>{U.activations}</SectionTitle>
        <DataTable columns={activationColumns} rows={activations.rows} rowKey={(a) => `${a.remote}-${a.created_at}-${a.to_version}-${a.outcome}`} loading={activations.loading} empty={U.noActivations} caption={U.activations} />
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'rollback' ? U.rollback : U.activate}
        message={pending ? fillMessage(pending.action === 'rollback' ? U.confirmRollback : U.confirmActivate, { remote: pending.row.remote, from: pending.from, to: pending.row.version }) : ''}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
