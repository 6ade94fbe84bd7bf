import { useState } from 'react';
import styled from 'styled-components';
import { PROMOTION_IMAGE_URL_PREFIX, TOOLS_LIMITS as L, TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI, type PromotionRow } from '@portal/contracts';
import { Button, Card, DataTable, type DataTableColumn, Dialog, formatDate, PageHeader, Pagination, Stack, theme, useDebouncedValue, useEndpointPage, VisuallyHidden } from '@portal/kit';
import { newTabLinkColumn } from '../shared/cells';

const SearchInput = styled.input`
  width: min(360px, 100%);
  padding: 9px 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.font.size.md};
  &:focus { outline: none; border-color: ${theme.colors.accent}; box-shadow: 0 0 0 3px ${theme.colors.accentSoft}; }
`;

const ThumbButton = styled.button`
  padding: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceMuted};
  cursor: zoom-in;
  line-height: 0;
  img { width: 44px; height: 44px; object-fit: cover; border-radius: ${theme.radii.sm}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 70vh;
  margin: 0 auto;
  border-radius: ${theme.radii.md};
`;

const imageUrl = (image: string) => `${PROMOTION_IMAGE_URL_PREFIX}${encodeURIComponent(image)}`;

/**
 * Promotions history (/marketing/promotions, areas §2, §8, §9): "Your Promotions History", a search box
 * ("Search...", 500 ms debounce), the table with "Click here" playlist links in a new tab and image
 * thumbnails opening "Preview Image", pagination (15 a page; a new search starts from page 1), and "No
 * Promotions Yet" when empty. The list is read through the kit's data layer (docs/decisions/025); a failed
 * load shows the server's message as a toast (areas §8).
 */
export default function PromotionsPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), L.searchDebounceMs);
  // The page belongs to the search it was chosen for: another search starts from page 1.
  const [paging, setPaging] = useState({ search: debounced, page: 1 });
  const page = paging.search === debounced ? paging.page : 1;
  const list = useEndpointPage(E.getCreatedPromotions, {
    query: { limit: L.promotionsPageSize, offset: (page - 1) * L.promotionsPageSize, page, search: debounced },
  });
  const [preview, setPreview] = useState<PromotionRow | null>(null);
  const columns: DataTableColumn<PromotionRow>[] = [
    { key: 'no', header: UI.columns.no, width: 48, render: (_, i) => (page - 1) * L.promotionsPageSize + i + 1 },
    { key: 'song', header: UI.columns.songName, render: (p) => p.song },
    { key: 'platform', header: UI.columns.platform, render: (p) => p.platform },
    { key: 'type', header: UI.columns.promotionType, render: (p) => p.type },
    { key: 'playlist', header: UI.columns.playlistName, render: (p) => p.playlist_name },
    newTabLinkColumn('link', UI.columns.playlistLink, (p) => p.playlist_link, UI.clickHere),
    {
      key: 'image',
      header: UI.columns.image,
      render: (p) => (
        <ThumbButton type="button" aria-label={`${UI.previewImage}: ${p.song}`} onClick={() => setPreview(p)}>
          <img src={imageUrl(p.image)} alt="" loading="lazy" />
        </ThumbButton>
      ),
    },
    { key: 'created', header: UI.columns.createdOn, render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(p.created_at)}</span> },
  ];
  return (
    <Stack $gap={16}>
      <PageHeader title={UI.headings.promotions} />
      <Card>
        <Stack $gap={14}>
          <label>
            <VisuallyHidden>{UI.searchLabel}</VisuallyHidden>
            <SearchInput type="search" placeholder={UI.search} value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <DataTable
            caption={UI.headings.promotions}
            columns={columns}
            rows={list.rows}
            rowKey={(p) => p.promotion_id}
            loading={list.loading}
            empty={list.failed ? UI.promotionsLoadFailed : debounced !== '' ? UI.noPromotionMatch : M.noPromotions}
          />
          <Pagination page={page} total={list.total} pageSize={L.promotionsPageSize} onChange={(next) => setPaging({ search: debounced, page: next })} />
        </Stack>
      </Card>
      <Dialog open={preview !== null} title={UI.previewImage} onClose={() => setPreview(null)} width={720} actions={<Button onClick={() => setPreview(null)}>{UI.close}</Button>}>
        {preview && <Preview src={imageUrl(preview.image)} alt={`${preview.song}: ${preview.playlist_name}`} />}
      </Dialog>
    </Stack>
  );
}
