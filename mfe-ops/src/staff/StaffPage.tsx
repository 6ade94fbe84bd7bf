import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, CheckboxField, ConfirmDialog, DataTable, Muted, Row, SectionTitle, SelectField, Stack, TextField, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_MESSAGES, OPS_UI, STAFF_ROLES, fillMessage, type OpsStaffRow, type StaffRole } from '@portal/contracts';
import { useConsoleAction } from '../common/use-console-action';

const U = OPS_UI.staff;
const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: r }));
const Member = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  overflow-wrap: anywhere;
  min-width: 0;
`;
const ActionList = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
`;

type Pending =
  | { kind: 'add'; email: string; role: StaffRole }
  | { kind: 'roles'; row: OpsStaffRow; roles: StaffRole[] }
  | { kind: 'remove'; row: OpsStaffRow }
  | { kind: 'reset'; row: OpsStaffRow }
  | null;

/** The confirmation text of a pending change: each names exactly what happens (docs/decisions/016). */
function confirmText(p: NonNullable<Pending>): string {
  if (p.kind === 'add') return fillMessage(U.confirmAdd, { email: p.email, role: p.role });
  if (p.kind === 'roles') return fillMessage(U.confirmRoles, { email: p.row.email, roles: p.roles.join(', ') });
  if (p.kind === 'remove') return fillMessage(U.confirmRemove, { email: p.row.email });
  return fillMessage(U.confirmResetTotp, { email: p.row.email });
}

/**
 * Staff management for admins (docs/decisions/016, `/ops/staff`): every staff member with
 * roles, two-factor state and revoked flag; add a verified account with a role, change roles, reset
 * two-factor, remove. Each change is confirmed, done by the server (which audits it and ends console
 * sessions where it says so) and the list reloaded. The admin's own row offers no action: another
 * admin changes it (the server refuses it too).
 */
export function StaffPage() {
  const { rows, loading } = useEndpointPage(E.staffMembers, {});
  // Every change reloads the staff list.
  const changes = { invalidates: [E.staffMembers] };
  const addStaff = useEndpointMutation(E.addStaff, changes);
  const setRoles = useEndpointMutation(E.setStaffRoles, changes);
  const removeStaff = useEndpointMutation(E.removeStaff, changes);
  const resetTotp = useEndpointMutation(E.resetStaffTotp, changes);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('reviewer');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ userId: number; roles: StaffRole[] } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const { busy, run } = useConsoleAction();

  const startAdd = () => {
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setEmailError(OPS_MESSAGES.staffEmailInvalid);
      return;
    }
    setEmailError(undefined);
    setPending({ kind: 'add', email: value, role });
  };
  const confirm = async () => {
    if (!pending) return;
    await run(
      () =>
        pending.kind === 'add'
          ? addStaff.mutateAsync({ body: { email: pending.email, role: pending.role } })
          : pending.kind === 'roles'
            ? setRoles.mutateAsync({ body: { user_id: pending.row.user_id, roles: pending.roles } })
            : pending.kind === 'remove'
              ? removeStaff.mutateAsync({ body: { user_id: pending.row.user_id } })
              : resetTotp.mutateAsync({ body: { user_id: pending.row.user_id } }),
      () => {
        if (pending.kind === 'add') setEmail('');
        if (pending.kind === 'roles') setEditing(null);
      },
      () => setPending(null),
    );
  };
  const toggleRole = (r: StaffRole) => setEditing((e) => (e ? { ...e, roles: e.roles.includes(r) ? e.roles.filter((x) => x !== r) : [...e.roles, r] } : e));

  // Three columns so that, at 412 px, the member, the roles and the actions stay in view (no sideways scroll).
  const columns: DataTableColumn<OpsStaffRow>[] = [
    {
      key: 'member',
      header: U.member,
      render: (r) => (
        <Member>
          <strong>{r.you ? `${r.email} ${U.you}` : r.email}</strong>
          <Muted as="span">{r.name}</Muted>
          <Muted as="span">
            {U.totp}: {r.totp_enrolled ? U.totpOn : U.totpOff} · {r.revoked ? U.revoked : U.active}
          </Muted>
        </Member>
      ),
    },
    { key: 'roles', header: U.roles, render: (r) => r.roles.join(', ') },
    {
      key: 'x',
      header: OPS_UI.actionsColumn,
      render: (r) =>
        r.you ? (
          <Muted as="span">—</Muted>
        ) : (
          <ActionList>
            <Button variant="text" onClick={() => setEditing({ userId: r.user_id, roles: [...r.roles] })} aria-label={`${U.changeRoles}: ${r.email}`}>{U.changeRoles}</Button>
            <Button variant="text" onClick={() => setPending({ kind: 'reset', row: r })} aria-label={`${U.resetTotp}: ${r.email}`}>{U.resetTotp}</Button>
            <Button variant="text" onClick={() => setPending({ kind: 'remove', row: r })} aria-label={`${U.remove}: ${r.email}`}>{U.remove}</Button>
          </ActionList>
        ),
    },
  ];
  const editedRow = editing ? rows.find((r) => r.user_id === editing.userId) : undefined;
  return (
    <Stack $gap={16}>
      <Card>
        <SectionTitle>{U.heading}</SectionTitle>
        <Muted>{U.intro}</Muted>
      </Card>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.user_id} loading={loading} empty={U.empty} caption={U.heading} />
      {editing && editedRow && (
        <Card data-testid="staff-roles-editor">
          <SectionTitle>{`${U.changeRoles}: ${editedRow.email}`}</SectionTitle>
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend>{U.roles}</legend>
            <Stack $gap={8}>
              {STAFF_ROLES.map((r) => (
                <CheckboxField key={r} name={`role-${r}`} label={r} checked={editing.roles.includes(r)} onChange={() => toggleRole(r)} />
              ))}
            </Stack>
          </fieldset>
          <Row $gap={8} style={{ marginTop: 12, flexWrap: 'wrap' }}>
            <Button disabled={!editing.roles.length} onClick={() => setPending({ kind: 'roles', row: editedRow, roles: [...editing.roles].sort() })}>{U.saveRoles}</Button>
            <Button variant="secondary" onClick={() => setEditing(null)}>{U.cancel}</Button>
          </Row>
          {!editing.roles.length && <Muted>{OPS_MESSAGES.staffRoleInvalid}</Muted>}
        </Card>
      )}
      <Card>
        <SectionTitle>{U.add}</SectionTitle>
        <Stack $gap={8}>
          <TextField label={U.email} name="staff-email" type="email" autoComplete="off" value={email} error={emailError} onChange={(e) => setEmail(e.target.value)} />
          <SelectField label={U.role} name="staff-role" options={ROLE_OPTIONS} value={role} onChange={(e) => setRole(e.target.value as StaffRole)} />
          <div>
            <Button onClick={startAdd} disabled={!email.trim()}>{U.add}</Button>
          </div>
        </Stack>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'add' ? U.add : pending?.kind === 'roles' ? U.changeRoles : pending?.kind === 'remove' ? U.remove : U.resetTotp}
        message={pending ? confirmText(pending) : ''}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
