import { useState } from 'react';
import { Button, Card, CheckboxField, DataTable, notify, Row, SectionTitle, SelectField, Stack, TextAreaField, TextField, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { DELIVERY_ENDPOINTS as E, DELIVERY_FEEDS, DELIVERY_MESSAGES as M, DELIVERY_PROTOCOLS, deliveryTargetSchema, deliveryTargetWhere, QC_UI, STORE_LOOP_UI, STORES, type DeliveryFeed, type DeliveryProtocol, type DeliveryTargetRow } from '@portal/contracts';
import type { ValidationError } from 'yup';

type Form = {
  target_id?: number;
  store: string;
  dpid: string;
  protocol: DeliveryProtocol;
  host: string;
  port: string;
  path: string;
  username: string;
  password: string;
  private_key: string;
  enabled: boolean;
  feed: DeliveryFeed;
  test_path: string;
  ack_path: string;
  link_template: string;
};
const blank = (): Form => ({ store: STORES[0].name, dpid: '', protocol: 'sftp', host: '', port: '22', path: '/incoming', username: '', password: '', private_key: '', enabled: true, feed: 'test', test_path: '', ack_path: '', link_template: '' });
const feedLabel = (feed: DeliveryFeed) => (feed === 'live' ? STORE_LOOP_UI.liveFeed : STORE_LOOP_UI.testFeed);

/**
 * Delivery targets (docs/decisions/020), admins only: one target per store with its DPID, SFTP (host,
 * port, folder, user, password or key) or an S3-compatible bucket (endpoint host and port, /bucket/prefix,
 * access key id, secret key in Password). Passwords and keys go to the server only (sealed there) and are never shown
 * again: the list says whether each is set, and leaving them empty on a change keeps them. The list is a
 * query of the kit's data layer and a save a mutation that reloads it (docs/decisions/025). Each target is on
 * its test or live feed (issue 39 §5; a switch is audited by the server), with an optional test folder,
 * acknowledgements folder and store link template.
 */
export function DeliveryTargetsPage() {
  const targets = useEndpointQuery(E.opsDeliveryTargets, {}, { silent: true });
  const saveTarget = useEndpointMutation(E.opsSaveDeliveryTarget, { invalidates: [E.opsDeliveryTargets] });
  const rows: DeliveryTargetRow[] | null = targets.data ? (Array.isArray(targets.data.body) ? targets.data.body : []) : null;
  const failed = targets.isError && !targets.isFetching;
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A field's error goes as soon as the field changes (the next Save checks everything again).
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  };
  const edit = (r: DeliveryTargetRow) => {
    setErrors({});
    setForm({ target_id: r.target_id, store: r.store, dpid: r.dpid, protocol: r.protocol, host: r.host, port: String(r.port), path: r.path, username: r.username, password: '', private_key: '', enabled: r.enabled, feed: r.feed, test_path: r.test_path, ack_path: r.ack_path, link_template: r.link_template });
  };
  const save = async () => {
    const body = { ...form, port: Number(form.port) };
    try {
      await deliveryTargetSchema.validate(body, { abortEarly: false });
      if (!form.target_id && form.protocol === 's3' && !form.password) throw Object.assign(new Error(M.s3SecretRequired), { inner: [{ path: 'password', message: M.s3SecretRequired }] });
      if (!form.target_id && !form.password && !form.private_key) throw Object.assign(new Error(M.secretRequired), { inner: [{ path: 'password', message: M.secretRequired }] });
    } catch (e) {
      const inner = (e as ValidationError).inner ?? [];
      setErrors(Object.fromEntries(inner.map((i) => [i.path ?? '', i.message])));
      return;
    }
    setErrors({});
    try {
      const res = await saveTarget.mutateAsync({ body });
      notify.success(res.message);
      setForm(blank());
    } catch {
      // The client shows the server's message.
    }
  };

  const s3 = form.protocol === 's3';
  return (
    <Stack $gap={16}>
      <Card>
        <Stack $gap={12}>
          <SectionTitle>{M.targets}</SectionTitle>
          {failed ? (
            <div role="alert">
              {QC_UI.loadFailed} <Button variant="secondary" onClick={() => void targets.refetch()}>{QC_UI.retry}</Button>
            </div>
          ) : (
            <DataTable
              caption={M.targets}
              loading={rows === null}
              rows={rows ?? []}
              rowKey={(r) => r.target_id}
              onRowClick={edit}
              empty="No delivery targets yet."
              columns={[
                { key: 'store', header: 'Store', render: (r) => r.store },
                { key: 'dpid', header: 'DPID', render: (r) => r.dpid },
                { key: 'where', header: 'Where', render: (r) => deliveryTargetWhere(r) },
                { key: 'secret', header: 'Credentials', render: (r) => [r.has_password && (r.protocol === 's3' ? 'secret key' : 'password'), r.has_private_key && 'key'].filter(Boolean).join(' + ') || '—' },
                { key: 'feed', header: STORE_LOOP_UI.feedLabel, render: (r) => <span data-testid="target-feed" data-feed={r.feed}>{feedLabel(r.feed)}</span> },
                { key: 'enabled', header: 'Enabled', render: (r) => (r.enabled ? 'Yes' : 'No') },
              ]}
            />
          )}
        </Stack>
      </Card>
      <Card>
        <Stack $gap={12}>
          <SectionTitle>{form.target_id ? `Edit ${form.store}` : 'New target'}</SectionTitle>
          <SelectField label="Store" name="store" value={form.store} disabled={!!form.target_id} options={STORES.map((s) => ({ value: s.name, label: s.name }))} onChange={(e) => set('store', e.target.value)} error={errors.store} />
          <TextField label="DPID" name="dpid" value={form.dpid} onChange={(e) => set('dpid', e.target.value)} error={errors.dpid} placeholder="PADPIDA…" />
          <SelectField
            label="Protocol"
            name="protocol"
            value={form.protocol}
            options={DELIVERY_PROTOCOLS.map((p) => ({ value: p.value, label: p.label }))}
            // The usual port of the other protocol when the port was the default of this one.
            onChange={(e) => setForm((f) => ({ ...f, protocol: e.target.value as DeliveryProtocol, port: f.port === (f.protocol === 's3' ? '443' : '22') ? (e.target.value === 's3' ? '443' : '22') : f.port }))}
            error={errors.protocol}
          />
          <Row $gap={8} style={{ flexWrap: 'wrap' }}>
            <TextField label="Host" name="host" value={form.host} onChange={(e) => set('host', e.target.value)} error={errors.host} />
            <TextField label="Port" name="port" inputMode="numeric" value={form.port} onChange={(e) => set('port', e.target.value)} error={errors.port} />
          </Row>
          <TextField label={s3 ? 'Bucket and prefix (/bucket/prefix)' : 'Folder'} name="path" value={form.path} onChange={(e) => set('path', e.target.value)} error={errors.path} />
          <TextField label={s3 ? 'Access key ID' : 'User'} name="username" value={form.username} autoComplete="off" onChange={(e) => set('username', e.target.value)} error={errors.username} />
          <TextField label={`${s3 ? 'Secret access key' : 'Password'}${form.target_id ? ' (empty keeps the stored one)' : ''}`} name="password" type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} error={errors.password} />
          {!s3 && <TextAreaField label={form.target_id ? 'Private key (empty keeps the stored one)' : 'Private key'} name="private_key" value={form.private_key} onChange={(e) => set('private_key', e.target.value)} error={errors.private_key} />}
          <SelectField label={STORE_LOOP_UI.feedLabel} name="feed" value={form.feed} options={DELIVERY_FEEDS.map((f) => ({ value: f.value, label: f.label }))} onChange={(e) => set('feed', e.target.value as DeliveryFeed)} error={errors.feed} />
          <TextField label={STORE_LOOP_UI.testPathLabel} name="test_path" value={form.test_path} onChange={(e) => set('test_path', e.target.value)} error={errors.test_path} />
          <TextField label={STORE_LOOP_UI.ackPathLabel} name="ack_path" value={form.ack_path} onChange={(e) => set('ack_path', e.target.value)} error={errors.ack_path} />
          <TextField label={STORE_LOOP_UI.linkTemplateLabel} name="link_template" value={form.link_template} placeholder="https://store.example/album?upc={upc}" onChange={(e) => set('link_template', e.target.value)} error={errors.link_template} />
          <CheckboxField name="enabled" label="Enabled" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          <Row $gap={8}>
            <Button busy={saveTarget.isPending} onClick={() => void save()}>Save</Button>
            {form.target_id && <Button variant="secondary" onClick={() => setForm(blank())}>New target</Button>}
          </Row>
        </Stack>
      </Card>
    </Stack>
  );
}
