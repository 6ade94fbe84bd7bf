import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, CellTitle, Dash, DataTable, type DataTableColumn, formatDate, ListToolbar, ListTotal, PageHeader, Pagination, SelectField, StatusIcon, TextField, useEndpointPage } from '@portal/kit';
import { VIDEO_ENDPOINTS, VIDEO_LIMITS, VIDEO_MESSAGES, VIDEO_STATUS_FILTERS, VIDEO_UI, type VideoCatalogRow } from '@portal/contracts';
import { RELEASE_ROUTES } from '../shared/routes';
import { useListFilters } from '../shared/use-list-filters';
import { t } from '../shared/text';
import { videoCatalogRequest } from './video-catalog-request';
import { VideoThumb } from './VideoThumb';

const UI = VIDEO_UI.catalog;

const STATUS_OPTIONS = VIDEO_STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }));
const orDash = (value: string) => value || <Dash>{UI.none}</Dash>;

/**
 * /video-catalog (areas §2, §8): search (500 ms debounce), status filter (All, In-Review, Approved,
 * Rejected, Takendown), "Total Video Releases", the columns No., Status, Artwork, Title, Audio, Actor,
 * Actress, Release Date (DD/MM/yyyy), 25 a page, a button back to /catalog and "No Video Release
 * Found." when nothing matches. A failed load shows the server's message and a retry.
 */
export function VideoCatalogPage() {
  const navigate = useNavigate();
  const { searchText, setSearchText, search, status, setStatus, page, setPage } = useListFilters(VIDEO_LIMITS.searchDebounceMs);
  const catalog = useEndpointPage(VIDEO_ENDPOINTS.getVideoCatelogListWeb, { query: videoCatalogRequest({ page, search, status }) });


  const offset = (page - 1) * VIDEO_LIMITS.catalogPageSize;
  const cols = UI.columns;
  const columns = useMemo<DataTableColumn<VideoCatalogRow>[]>(
    () => [
      { key: 'no', header: cols[0], width: 56, render: (_row, index) => offset + index + 1 },
      { key: 'status', header: cols[1], width: 70, render: (row) => <StatusIcon status={row.status} /> },
      { key: 'artwork', header: cols[2], width: 100, render: (row) => <VideoThumb src={row.thumbnail} alt={t(UI.thumbnailAlt, { title: row.release_title })} /> },
      { key: 'title', header: cols[3], render: (row) => <CellTitle>{row.release_title}</CellTitle> },
      { key: 'audio', header: cols[4], render: (row) => row.audio_title },
      { key: 'actor', header: cols[5], render: (row) => orDash(row.actor) },
      { key: 'actress', header: cols[6], render: (row) => orDash(row.actress) },
      { key: 'date', header: cols[7], width: 120, render: (row) => formatDate(row.release_date) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns change with the page offset only
    [offset],
  );

  return (
    <>
      <PageHeader
        title={UI.title}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => navigate(RELEASE_ROUTES.catalog)}>
              {UI.audioCatalog}
            </Button>
            <Button type="button" onClick={() => navigate(RELEASE_ROUTES.videoRelease)}>
              {UI.createVideo}
            </Button>
          </>
        }
      />
      <ListToolbar>
        <TextField
          label={UI.search}
          name="search"
          type="search"
          placeholder={UI.searchPlaceholder}
          autoComplete="off"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <SelectField label={UI.status} name="status" options={STATUS_OPTIONS} value={status} onChange={(e) => setStatus(e.target.value)} />
        <ListTotal aria-live="polite">
          {VIDEO_MESSAGES.totalVideoReleases}: {catalog.total}
        </ListTotal>
      </ListToolbar>
      <DataTable<VideoCatalogRow>
        caption={UI.title}
        columns={columns}
        rows={catalog.rows}
        rowKey={(row) => row.video_id}
        loading={catalog.loading}
        empty={
          catalog.failed ? (
            <>
              <p style={{ margin: '0 0 10px' }}>{UI.loadFailed}</p>
              <Button type="button" variant="secondary" onClick={catalog.reload}>
                {UI.retry}
              </Button>
            </>
          ) : (
            VIDEO_MESSAGES.noVideoRelease
          )
        }
      />
      <Pagination page={page} total={catalog.total} pageSize={VIDEO_LIMITS.catalogPageSize} onChange={setPage} />
    </>
  );
}

export default VideoCatalogPage;
