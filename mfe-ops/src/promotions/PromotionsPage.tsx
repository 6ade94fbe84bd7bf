import { useState } from 'react';
import styled from 'styled-components';
import {
  Button, Card, ConfirmDialog, DataTable, Dialog, Muted, Pagination, Row, SectionTitle, Stack, TextField, Thumb, theme, uploadToEndpoint, useDebouncedValue, useEndpointMutation, useEndpointPage, type DataTableColumn,
} from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_UI, PROMOTION_IMAGE_URL_PREFIX, TOOLS_LIMITS, TOOLS_RIGHTS_ENDPOINTS, type OpsPromotionRow, type OpsUserRow } from '@portal/contracts';
import { useConsoleAction } from '../common/use-console-action';
import { EMPTY_PROMOTION, PromotionForm, type PromotionValues } from './PromotionForm';

const U = OPS_UI.promotions;
const PAGE = TOOLS_LIMITS.promotionsPageSize;
const Cell = styled.span`
  overflow-wrap: anywhere;
`;
const Sub = styled.span`
  display: block;
  font-size: 12px;
  color: ${theme.colors.textMuted};
`;

/** Upload the chosen image (when there is one) and answer its stored name; '' keeps the current image. */
async function uploadImage(file: File | null): Promise<string> {
  if (!file) return '';
  return (await uploadToEndpoint(E.uploadPromotionImage, file)).body?.image ?? '';
}

/** Find and choose the artist whose promotions history is edited. */
function UserPicker({ onChoose }: { onChoose(user: OpsUserRow): void }) {
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q, 300);
  const users = useEndpointPage(E.searchUsers, { query: { q: search, limit: 5 } });
  const columns: DataTableColumn<OpsUserRow>[] = [
    { key: 'name', header: 'Name', render: (u) => <Cell>{u.name}</Cell> },
    { key: 'email', header: 'E-mail', render: (u) => <Cell>{u.email}</Cell> },
    { key: 'x', header: OPS_UI.actionsColumn, render: (u) => <Button variant="secondary" onClick={() => onChoose(u)} aria-label={`${U.chooseUser} ${u.email}`}>{U.chooseUser}</Button> },
  ];
  return (
    <Card>
      <Stack $gap={12}>
        <Muted>{U.intro}</Muted>
        <TextField label={U.userSearch} name="promotion-user" value={q} onChange={(e) => setQ(e.target.value)} />
        <DataTable columns={columns} rows={users.rows} rowKey={(u) => u.user_id} loading={users.loading} empty={U.noUsers} caption={U.usersFound} />
      </Stack>
    </Card>
  );
}

/**
 * The promotions history of one artist (docs/decisions/008; areas §2 /marketing/promotions shows it to the artist):
 * choose the artist, then list (searched, 15 a page), add with an image (the artist's bell is told),
 * edit (optionally a new image) and remove after a confirmation. The same service as the CLI `promotion-add`.
 */
export function PromotionsPage() {
  const [user, setUser] = useState<OpsUserRow | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q, 300);
  const list = useEndpointPage(E.listPromotions, { query: { user_id: user?.user_id ?? 0, search, page, limit: PAGE } }, { enabled: user !== null });
  const [adding, setAdding] = useState<{ values: PromotionValues; file: File | null } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<OpsPromotionRow | null>(null);
  const [removing, setRemoving] = useState<OpsPromotionRow | null>(null);
  const { busy, run } = useConsoleAction();
  // Each change reloads the history here and the artist's own promotions page (docs/decisions/025).
  const changes = { invalidates: [E.listPromotions, TOOLS_RIGHTS_ENDPOINTS.getCreatedPromotions] };
  const addPromotion = useEndpointMutation(E.addPromotion, changes);
  const editPromotion = useEndpointMutation(E.editPromotion, changes);
  const removePromotion = useEndpointMutation(E.removePromotion, changes);

  const add = () => {
    if (!adding || !user) return;
    void run(
      async () => addPromotion.mutateAsync({ body: { user_id: user.user_id, ...adding.values, image: await uploadImage(adding.file) } }),
      () => setFormKey((k) => k + 1),
    ).then(() => setAdding(null));
  };
  const save = (values: PromotionValues, file: File | null) => {
    if (!editing) return;
    void run(async () => editPromotion.mutateAsync({ body: { promotion_id: editing.promotion_id, ...values, image: await uploadImage(file) } }), () => setEditing(null));
  };
  const remove = () => {
    if (!removing) return;
    void run(() => removePromotion.mutateAsync({ body: { promotion_id: removing.promotion_id } })).then(() => setRemoving(null));
  };

  if (!user) {
    return <UserPicker onChoose={(u) => { setUser(u); setPage(1); setQ(''); }} />;
  }
  const columns: DataTableColumn<OpsPromotionRow>[] = [
    { key: 'image', header: 'Image', render: (p) => <Thumb src={`${PROMOTION_IMAGE_URL_PREFIX}${p.image}`} alt={`${U.imageAlt} ${p.song}`} /> },
    {
      key: 'song',
      header: U.song,
      render: (p) => (
        <Cell>
          {p.song}
          <Sub>
            {U.created} {new Date(p.created_at).toLocaleDateString()}
          </Sub>
        </Cell>
      ),
    },
    {
      key: 'platform',
      header: U.platform,
      render: (p) => (
        <Cell>
          {p.platform}
          <Sub>{p.type}</Sub>
        </Cell>
      ),
    },
    { key: 'playlist', header: U.playlistName, render: (p) => <Cell><a href={p.playlist_link} target="_blank" rel="noopener noreferrer">{p.playlist_name}</a></Cell> },
    {
      key: 'x',
      header: OPS_UI.actionsColumn,
      render: (p) => (
        <Row $gap={4} $wrap={false}>
          <Button variant="text" onClick={() => setEditing(p)} aria-label={`${U.edit}: ${p.song}`}>{U.edit}</Button>
          <Button variant="text" onClick={() => setRemoving(p)} aria-label={`${U.remove}: ${p.song}`}>{U.remove}</Button>
        </Row>
      ),
    },
  ];
  return (
    <Stack $gap={16}>
      <Card>
        <Row $gap={12} $wrap $justify="space-between">
          <SectionTitle style={{ margin: 0 }}>
            {U.forUser} {user.name} ({user.email})
          </SectionTitle>
          <Button variant="secondary" onClick={() => setUser(null)}>{U.change}</Button>
        </Row>
      </Card>
      <Card>
        <SectionTitle>{U.heading}</SectionTitle>
        <div style={{ maxWidth: 360, marginBottom: 12 }}>
          <TextField label={U.search} name="promotion-search" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} />
        </div>
        <DataTable columns={columns} rows={list.rows} rowKey={(p) => p.promotion_id} loading={list.loading} empty={U.empty} caption={`${U.heading}: ${user.email}`} />
        <Pagination page={page} total={list.total} pageSize={PAGE} onChange={setPage} />
      </Card>
      <Card>
        <SectionTitle>{U.addHeading}</SectionTitle>
        <PromotionForm key={formKey} id="promotion-add" initial={EMPTY_PROMOTION} busy={busy} submitLabel={U.add} onSubmit={(values, file) => setAdding({ values, file })} />
      </Card>
      <Dialog
        open={editing !== null}
        title={U.editHeading}
        width={640}
        onClose={() => !busy && setEditing(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)} disabled={busy}>{U.cancel}</Button>
            <Button type="submit" form="promotion-edit" busy={busy}>{U.save}</Button>
          </>
        }
      >
        {editing && (
          <PromotionForm
            id="promotion-edit"
            initial={{ song: editing.song, platform: editing.platform, type: editing.type, playlist_name: editing.playlist_name, playlist_link: editing.playlist_link }}
            currentImage={editing.image}
            busy={busy}
            onSubmit={save}
          />
        )}
      </Dialog>
      <ConfirmDialog open={adding !== null} title={U.add} message={U.confirmAdd} busy={busy} onConfirm={add} onCancel={() => setAdding(null)} />
      <ConfirmDialog open={removing !== null} title={U.remove} message={U.confirmRemove} busy={busy} onConfirm={remove} onCancel={() => setRemoving(null)} />
    </Stack>
  );
}
