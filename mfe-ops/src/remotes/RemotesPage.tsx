import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Card, ConfirmDialog, DataTable, Muted, Row, SectionTitle, Stack, TextField, notify, theme, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { OPS_UI, REMOTE_REGISTRY_ENDPOINTS as R, fillMessage, type RemoteActivationRow, type RemoteDeployTokenRow, type RemoteVersionRow } from '@portal/contracts';
import { formatWhen } from '../common/format';
import { groupByRemote, versionAction, type VersionAction } from './remote-versions';

const U = OPS_UI.remotes;

const Badge = styled.span<{ $tone: 'live' | 'muted' | 'bad' }>`
  display: inline-block;
  margin-left: 6px;
  padding: 1px 8px;
  border-radius: ${theme.radii.pill};
  font-size: 12px;
  font-weight: 700;
  color: ${({ $tone }) => ($tone === 'live' ? theme.colors.successText : $tone === 'bad' ? theme.colors.danger : theme.colors.textMuted)};
  background: ${({ $tone }) => ($tone === 'live' ? theme.colors.successSoft : $tone === 'bad' ? theme.colors.dangerSoft : theme.colors.surfaceMuted)};
  border: 1px solid ${({ $tone }) => ($tone === 'live' ? theme.colors.successText : $tone === 'bad' ? theme.colors.danger : theme.colors.border)};
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

type Pending = { row: RemoteVersionRow; action: VersionAction | 'mark-bad' | 'canary' | 'pin'; from: string };

/**
 * Remote versions (docs/decisions/007, admins): each remote's stored versions, newest first, with the live
 * marker, when and by whom each was deployed (and made live), and the shared versions it was built
 * against. An older kept version can be rolled back to, a newer one made live, after a confirmation;
 * a refusal of the compatibility gate stays on screen with the server's message (package and versions).
 * Each action is a mutation of the kit's data layer that reloads both lists (docs/decisions/025).
 */
export function RemotesPage() {
  const versions = useEndpointPage(R.listRemoteVersions, {});
  const activations = useEndpointPage(R.listRemoteActivations, {});
  // A refusal is shown by the page itself (silent), which keeps it on screen.
  const changes = { invalidates: [R.listRemoteVersions, R.listRemoteActivations], silent: true };
  const markBad = useEndpointMutation(R.markRemoteVersionBad, changes);
  const startCanary = useEndpointMutation(R.startRemoteCanary, changes);
  const pin = useEndpointMutation(R.pinRemoteVersion, changes);
  const rollback = useEndpointMutation(R.rollbackRemote, changes);
  const promoteCanary = useEndpointMutation(R.promoteRemoteCanary, changes);
  const stopCanary = useEndpointMutation(R.stopRemoteCanary, changes);
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<{ remote: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [percent, setPercent] = useState('10');

  /** Runs one console action on a remote; a refusal stays on screen with the server's message. */
  const run = async (remote: string, call: () => Promise<{ message: string }>) => {
    setBusy(true);
    setRefusal(null);
    try {
      notify.success((await call()).message);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      setRefusal({ remote, message });
      notify.error(message);
      // A refused action changed nothing the mutation would reload; the lists are asked again all the same.
      versions.reload();
      activations.reload();
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { row, action } = pending;
    if (action === 'mark-bad') return run(row.remote, () => markBad.mutateAsync({ body: { remote: row.remote, version: row.version, reason } }));
    if (action === 'canary') return run(row.remote, () => startCanary.mutateAsync({ body: { remote: row.remote, version: row.version, percent: Number(percent) } }));
    if (action === 'pin') return run(row.remote, () => pin.mutateAsync({ body: { remote: row.remote, version: row.version } }));
    return run(row.remote, () => rollback.mutateAsync({ body: { remote: row.remote, to: row.version } }));
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
          {v.canary_percent !== null && <Badge $tone="muted">{fillMessage(U.canaryMarker, { percent: v.canary_percent })}</Badge>}
          {v.bad && <Badge $tone="bad">{U.badMarker}</Badge>}
          {v.bad && <Sub>{fillMessage(U.badBy, { by: v.bad.by, reason: v.bad.reason })}</Sub>}
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
        ) : v.last_live_at ? (
          <>
            {U.wasLive}
            <Sub>{formatWhen(v.last_live_at)}</Sub>
          </>
        ) : (
          U.kept
        ),
    },
    {
      key: 'errors',
      header: U.errors,
      render: (v) => (v.reports.loads ? fillMessage(U.errorRate, { failures: v.reports.failures, loads: v.reports.loads }) : <Muted>{U.noLoads}</Muted>),
    },
    {
      key: 'actions',
      header: OPS_UI.actionsColumn,
      render: (v) => {
        const action = versionAction(rows, v);
        const live = rows.find((r) => r.live);
        if (!live || v.pruned) return null;
        const ask = (a: Pending['action']) => () => setPending({ row: v, action: a, from: live.version });
        return (
          <Row $gap={6} $wrap>
            {action && !v.bad && (
              <Button variant={action === 'rollback' ? 'danger' : 'secondary'} onClick={ask(action)} aria-label={`${action === 'rollback' ? U.rollback : U.activate} ${v.version}`}>
                {action === 'rollback' ? U.rollback : U.activate}
              </Button>
            )}
            {!v.live && !v.bad && v.canary_percent === null && (
              <Button variant="secondary" onClick={ask('canary')} aria-label={`${U.canary} ${v.version}`}>
                {U.canary}
              </Button>
            )}
            <Button variant="secondary" onClick={ask('pin')} aria-label={`${U.pin} ${v.version}`}>
              {U.pin}
            </Button>
            {!v.bad && (
              <Button variant="secondary" onClick={ask('mark-bad')} aria-label={`${U.markBad} ${v.version}`}>
                {U.markBad}
              </Button>
            )}
          </Row>
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
          <CanaryControls remote={remote} rows={rows} busy={busy} run={run} onPromote={() => promoteCanary.mutateAsync({ body: { remote } })} onStop={() => stopCanary.mutateAsync({ body: { remote } })} />
          <DataTable columns={columns(rows)} rows={rows} rowKey={(v) => v.version} loading={versions.loading} empty={U.none} caption={`${U.heading}: ${remote}`} />
        </Card>
      ))}
      <Card>
        <SectionTitle>{U.activations}</SectionTitle>
        <DataTable columns={activationColumns} rows={activations.rows} rowKey={(a) => `${a.remote}-${a.created_at}-${a.to_version}-${a.outcome}`} loading={activations.loading} empty={U.noActivations} caption={U.activations} />
      </Card>
      <DeployTokens />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? TITLES[pending.action] : ''}
        message={pending ? <PendingMessage pending={pending} reason={reason} setReason={setReason} percent={percent} setPercent={setPercent} /> : ''}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}

const TITLES: Record<Pending['action'], string> = { rollback: U.rollback, activate: U.activate, 'mark-bad': U.markBad, canary: U.canary, pin: U.pin };

/** The question of the confirmation, with the reason of a bad mark or the share of a canary as a field. */
function PendingMessage({ pending, reason, setReason, percent, setPercent }: { pending: Pending; reason: string; setReason(v: string): void; percent: string; setPercent(v: string): void }) {
  const vars = { remote: pending.row.remote, from: pending.from, to: pending.row.version, version: pending.row.version };
  if (pending.action === 'mark-bad') {
    return (
      <Stack $gap={8}>
        <span>{fillMessage(U.confirmMarkBad, vars)}</span>
        <TextField label={U.badReason} name="bad-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
      </Stack>
    );
  }
  if (pending.action === 'canary') {
    return (
      <Stack $gap={8}>
        <span>{fillMessage(U.confirmCanary, vars)}</span>
        <TextField label={U.canaryPercent} name="canary-percent" inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value)} required />
      </Stack>
    );
  }
  if (pending.action === 'pin') return <>{fillMessage(U.confirmPin, vars)}</>;
  return <>{fillMessage(pending.action === 'rollback' ? U.confirmRollback : U.confirmActivate, vars)}</>;
}

/** A running canary of one remote: which version for what share, with promote and stop. */
function CanaryControls({ remote, rows, busy, run, onPromote, onStop }: { remote: string; rows: RemoteVersionRow[]; busy: boolean; run(remote: string, call: () => Promise<{ message: string }>): Promise<void>; onPromote(): Promise<{ message: string }>; onStop(): Promise<{ message: string }> }) {
  const canary = rows.find((r) => r.canary_percent !== null);
  if (!canary) return null;
  return (
    <Row $gap={8} $wrap style={{ marginBottom: 12, alignItems: 'center' }}>
      <strong>{fillMessage(U.canaryRunning, { version: canary.version, percent: canary.canary_percent ?? 0 })}</strong>
      <Button disabled={busy} onClick={() => void run(remote, onPromote)}>{U.promote}</Button>
      <Button variant="secondary" disabled={busy} onClick={() => void run(remote, onStop)}>{U.stopCanary}</Button>
    </Row>
  );
}

const TokenBox = styled.code`
  display: block;
  padding: 10px 12px;
  border: 1px solid ${theme.colors.successText};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.successSoft};
  overflow-wrap: anywhere;
  font-size: 13px;
`;

/**
 * Deploy tokens (docs/decisions/021): each lets one remote's CI deploy, activate and roll back that remote
 * only. Created with a remote and a name; the token is shown once; revoked after a confirmation.
 */
function DeployTokens() {
  const tokens = useEndpointPage(R.listRemoteDeployTokens, {});
  const changes = { invalidates: [R.listRemoteDeployTokens], silent: true };
  const createToken = useEndpointMutation(R.createRemoteDeployToken, changes);
  const revokeToken = useEndpointMutation(R.revokeRemoteDeployToken, changes);
  const [remote, setRemote] = useState('mfe_releases');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<RemoteDeployTokenRow | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<{ message: string; body?: unknown }>) => {
    setBusy(true);
    try {
      const res = await call();
      notify.success(res.message);
      return res;
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : String(error));
      tokens.reload();
      return null;
    } finally {
      setBusy(false);
    }
  };
  const columns: DataTableColumn<RemoteDeployTokenRow>[] = [
    { key: 'name', header: U.tokenName, render: (t) => t.name },
    { key: 'remote', header: U.tokenRemote, render: (t) => t.remote },
    { key: 'created', header: U.deployed, render: (t) => (<>{formatWhen(t.created_at)}<Sub>{U.by} {t.created_by}</Sub></>) },
    { key: 'used', header: U.lastUsed, render: (t) => (t.last_used_at ? formatWhen(t.last_used_at) : U.never) },
    {
      key: 'actions',
      header: OPS_UI.actionsColumn,
      render: (t) => (t.revoked_at ? <Badge $tone="muted">{U.revoked}</Badge> : <Button variant="danger" onClick={() => setRevoking(t)} aria-label={`${U.revoke} ${t.name}`}>{U.revoke}</Button>),
    },
  ];
  return (
    <Card>
      <SectionTitle>{U.tokens}</SectionTitle>
      <Stack $gap={12}>
        <Muted>{U.tokensIntro}</Muted>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => createToken.mutateAsync({ body: { remote, name } })).then((res) => {
              if (res?.body) {
                setCreated((res.body as { token: string }).token);
                setName('');
              }
            });
          }}
        >
          <Row $gap={8} $wrap style={{ alignItems: 'flex-end' }}>
            <TextField label={U.tokenRemote} name="token-remote" value={remote} onChange={(e) => setRemote(e.target.value)} required />
            <TextField label={U.tokenName} name="token-name" value={name} onChange={(e) => setName(e.target.value)} required />
            <Button type="submit" disabled={busy || !name.trim()}>{U.createToken}</Button>
          </Row>
        </form>
        {created && (
          <div role="status">
            <strong>{U.tokenShownOnce}</strong>
            <TokenBox data-testid="deploy-token">{created}</TokenBox>
          </div>
        )}
        <DataTable columns={columns} rows={tokens.rows} rowKey={(t) => t.id} loading={tokens.loading} empty={U.noTokens} caption={U.tokens} />
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        title={U.revoke}
        message={revoking ? fillMessage(U.confirmRevoke, { name: revoking.name, remote: revoking.remote }) : ''}
        busy={busy}
        onConfirm={() => {
          const id = revoking!.id;
          setRevoking(null);
          void act(() => revokeToken.mutateAsync({ body: { id } }));
        }}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
