import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { ArtworkImage, Button, CellTitle, ConfirmDialog, Dash, DataTable, type DataTableColumn, formatDate, ListToolbar, ListTotal, notify, PageHeader, Pagination, SelectField, StatusIcon, TextField, UrlListDialog, useEndpointMutation, useEndpointPage } from '@portal/kit';
import { CATALOG_STATUS_FILTERS, catalogListQuery, type CatalogRow, EDITABLE_STATUSES, RELEASE_ENDPOINTS, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { RELEASE_ROUTES } from '../shared/routes';
import { useListFilters } from '../shared/use-list-filters';
import { t } from '../shared/text';
import { storeLinks } from './store-links';
import { StoreStateChips, useCatalogStoreStates } from './CatalogStoreStates';

const ActionCell = styled.span`
  display: inline-flex;
  gap: 6px;
  button { min-height: 32px; padding: 6px 12px; }
`;

/** Rows whose artwork is on the first screen at 1280 x 800 (loaded at once; the rest lazily). */
const EAGER_ROWS = 8;

const STATUS_OPTIONS = CATALOG_STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }));

/** Stops a click in the Action column from opening the row (core §2 /catalog). */
function Stop({ children }: { children: ReactNode }) {
  return (
    <ActionCell onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {children}
    </ActionCell>
  );
}

/**
 * /catalog, the audio catalogue (core §2, §8, §9): search (500 ms debounce), status filter, total,
 * a button to /video-catalog, the table with pagination (25 a page). A row opens
 * /catalog/{id}, a draft row the wizard. Delete for draft or rejected, Stores for approved, "--"
 * otherwise. The Stores dialog shows a loader until 5 s after the first list of this visit.
 */
export function CatalogPage() {
  const navigate = useNavigate();
  const { searchText, setSearchText, search, status, setStatus, page, setPage } = useListFilters(RELEASE_LIMITS.searchDebounceMs);
  // The first page's query is also the route's first request, which the shell starts on entry (docs/decisions/025).
  const catalog = useEndpointPage(RELEASE_ENDPOINTS.getCatelogListWeb, { query: catalogListQuery({ page, search, status }) });
  const deleteDraft = useEndpointMutation(RELEASE_ENDPOINTS.deleteDraft, { invalidates: [RELEASE_ENDPOINTS.getCatelogListWeb] });
  const [toDelete, setToDelete] = useState<CatalogRow | null>(null);
  const [storesFor, setStoresFor] = useState<CatalogRow | null>(null);
  const [storesLoading, setStoresLoading] = useState(true);
  const storeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Each approved or taken-down release's state at each store (issue 39 §2), one request for the page.
  const storeStates = useCatalogStoreStates(catalog.rows.filter((r) => r.status === 'approved' || r.status === 'takendown').map((r) => r.release_id));


  // Store-dialog loader: 5 s from the first catalogue load of this visit only (core §2, §9).
  useEffect(() => {
    if (!catalog.loadedOnce || storeTimer.current) return;
    storeTimer.current = setTimeout(() => setStoresLoading(false), RELEASE_LIMITS.storeDialogLoaderMs);
  }, [catalog.loadedOnce]);
  useEffect(() => () => {
    if (storeTimer.current) clearTimeout(storeTimer.current);
  }, []);

  const openRow = (row: CatalogRow) =>
    navigate(row.status === 'draft' ? RELEASE_ROUTES.wizardFor(row.release_id) : RELEASE_ROUTES.catalogDetail(row.release_id));

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      // Every cached catalogue page is out of date after it: the one on screen reloads (docs/decisions/025).
      const answer = await deleteDraft.mutateAsync({ body: { release_id: toDelete.release_id } });
      notify.success(answer.message || RELEASE_MESSAGES.draftDeleted);
      setToDelete(null);
      if (catalog.rows.length === 1 && page > 1) setPage(page - 1);
    } catch {
      // Delete failure: the loader stops; the kit has shown the server's answer (core §8).
    }
  };

  const offset = (page - 1) * RELEASE_LIMITS.catalogPageSize;
  const cols = RELEASE_UI.catalog.columns;
  const columns = useMemo<DataTableColumn<CatalogRow>[]>(
    () => [
      { key: 'no', header: cols[0], width: 56, render: (_row, index) => offset + index + 1 },
      { key: 'status', header: cols[1], width: 70, render: (row) => <StatusIcon status={row.status} /> },
      {
        key: 'artwork',
        header: cols[2],
        width: 76,
        // A 44 px rendition (64 px, or 300 px on a 2x screen), never the original; rows past the first screen load lazily.
        render: (row, index) => (
          <ArtworkImage filename={row.album_artwork} alt={t(RELEASE_UI.catalog.artworkAlt, { title: row.release_title })} loading={index < EAGER_ROWS ? 'eager' : 'lazy'} />
        ),
      },
      {
        key: 'title',
        header: cols[3],
        // Under the title, each store's state (issue 39 §2): no extra column, so the table keeps its width.
        render: (row) => (
          <>
            <CellTitle $min={140}>{row.release_title}</CellTitle>
            <StoreStateChips stores={storeStates.get(row.release_id)} />
          </>
        ),
      },
      { key: 'artist', header: cols[4], render: (row) => row.artist_name || <Dash>{RELEASE_UI.facts.none}</Dash> },
      { key: 'genre', header: cols[5], render: (row) => row.genre },
      { key: 'label', header: cols[6], render: (row) => row.lable_name },
      { key: 'tracks', header: cols[7], width: 90, render: (row) => row.number_of_tracks ?? 0 },
      { key: 'date', header: cols[8], width: 120, render: (row) => formatDate(row.release_date) },
      {
        key: 'action',
        header: cols[9],
        width: 110,
        render: (row) => {
          if (EDITABLE_STATUSES.includes(row.status)) {
            return (
              <Stop>
                <Button type="button" variant="danger" aria-label={t(RELEASE_UI.catalog.deleteRelease, { title: row.release_title })} onClick={() => setToDelete(row)}>
                  {RELEASE_UI.catalog.delete}
                </Button>
              </Stop>
            );
          }
          if (row.status === 'approved') {
            return (
              <Stop>
                <Button type="button" variant="secondary" aria-label={t(RELEASE_UI.catalog.storesFor, { title: row.release_title })} onClick={() => setStoresFor(row)}>
                  {RELEASE_UI.catalog.stores}
                </Button>
              </Stop>
            );
          }
          return <Dash>{RELEASE_UI.catalog.noAction}</Dash>;
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns change with the page offset only; the handlers read the latest state
    [offset, storeStates],
  );

  return (
    <>
      <PageHeader
        title={RELEASE_UI.catalog.title}
        actions={
          <Button type="button" variant="secondary" onClick={() => navigate(RELEASE_ROUTES.videoCatalog)}>
            {RELEASE_UI.catalog.videoCatalog}
          </Button>
        }
      />
      <ListToolbar>
        <TextField
          label={RELEASE_UI.catalog.search}
          name="search"
          type="search"
          placeholder={RELEASE_UI.catalog.searchPlaceholder}
          autoComplete="off"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <SelectField label={RELEASE_UI.catalog.status} name="status" options={STATUS_OPTIONS} value={status} onChange={(e) => setStatus(e.target.value)} />
        <ListTotal aria-live="polite">
          {RELEASE_MESSAGES.totalAudioReleases}: {catalog.total}
        </ListTotal>
      </ListToolbar>
      <DataTable<CatalogRow>
        caption={RELEASE_UI.catalog.title}
        columns={columns}
        rows={catalog.rows}
        rowKey={(row) => row.release_id}
        onRowClick={openRow}
        loading={catalog.loading}
        empty={
          catalog.failed ? (
            <>
              <p style={{ margin: '0 0 10px' }}>{RELEASE_UI.catalog.loadFailed}</p>
              <Button type="button" variant="secondary" onClick={catalog.reload}>
                {RELEASE_UI.catalog.retry}
              </Button>
            </>
          ) : search.trim() || status ? (
            RELEASE_UI.catalog.noMatch
          ) : (
            RELEASE_MESSAGES.noRelease
          )
        }
      />
      <Pagination page={page} total={catalog.total} pageSize={RELEASE_LIMITS.catalogPageSize} onChange={setPage} />

      <ConfirmDialog
        open={toDelete !== null}
        title={RELEASE_UI.catalog.deleteTitle}
        message={t(RELEASE_UI.catalog.deleteQuestion, { title: toDelete?.release_title ?? '' })}
        busy={deleteDraft.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      <UrlListDialog
        open={storesFor !== null}
        title={RELEASE_UI.catalog.storesTitle}
        items={storesFor ? storeLinks(storesFor.release_title) : []}
        loading={storesLoading}
        onClose={() => setStoresFor(null)}
      />
    </>
  );
}

export default CatalogPage;
