import styled from 'styled-components';
import { Button, Card, Loader, Muted, notify, SectionTitle, Stack, TextField, theme, useEndpointQuery } from '@portal/kit';
import { PUBLIC_PAGE_ENDPOINTS, PUBLIC_PAGE_UI, type PublicPageStats } from '@portal/contracts';
import { LoadFailedLine } from '../shared/ReleaseSummary';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  & > :first-child { flex: 1 1 240px; min-width: 0; }
`;
const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
  margin: 0;
  dt { color: ${theme.colors.textMuted}; font-size: 0.875rem; }
  dd { margin: 0; font-size: 1.5rem; font-weight: 700; }
`;
const Clicks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-bottom: 1px solid ${theme.colors.border}; }
  li:last-child { border-bottom: 0; }
`;
const OpenLink = styled.a`
  padding: 10px 4px;
  font-weight: 600;
  color: ${theme.colors.accent};
`;

/** The page's absolute address in this browser: the portal's origin and `/r/<slug>`. */
export const publicAddress = (stats: Pick<PublicPageStats, 'path'>, origin: string = window.location.origin): string => `${origin}${stats.path}`;

/**
 * The release's public page on the artist's release page (issue 39 §4; GET /api/getPublicPage): the
 * address to copy and share, whether it takes pre-saves or shows the stores, its visits, confirmed
 * pre-saves and clicks per store (counted without cookies and without storing IP addresses). Shown for
 * an approved release only; the page is made the first time this card asks for it.
 */
export function PublicLinkCard({ releaseId }: { releaseId: number }) {
  const page = useEndpointQuery(PUBLIC_PAGE_ENDPOINTS.getPublicPage, { query: { release_id: releaseId } }, { silent: true, staleTime: 0 });
  const stats = page.data?.body;
  const failed = page.isError && !page.isFetching;
  const address = stats ? publicAddress(stats) : '';

  const copy = () => {
    const done = navigator.clipboard?.writeText(address);
    if (!done) return void notify.error(PUBLIC_PAGE_UI.copyFailed);
    done.then(
      () => notify.success(PUBLIC_PAGE_UI.copied),
      () => notify.error(PUBLIC_PAGE_UI.copyFailed),
    );
  };

  return (
    <Card>
      <Stack $gap={12} data-testid="public-link">
        <SectionTitle>{PUBLIC_PAGE_UI.heading}</SectionTitle>
        {failed ? (
          <LoadFailedLine onRetry={() => void page.refetch()} />
        ) : !stats ? (
          <Loader />
        ) : (
          <>
            <Muted>{PUBLIC_PAGE_UI.lead}</Muted>
            <Row>
              <TextField label={PUBLIC_PAGE_UI.addressLabel} name="public_address" value={address} readOnly onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" onClick={copy}>
                {PUBLIC_PAGE_UI.copy}
              </Button>
              <OpenLink href={stats.path} target="_blank" rel="noopener">
                {PUBLIC_PAGE_UI.open}
              </OpenLink>
            </Row>
            <Muted>{stats.state === 'presave' ? PUBLIC_PAGE_UI.statePresave : PUBLIC_PAGE_UI.stateLive}</Muted>
            <Figures>
              <div>
                <dt>{PUBLIC_PAGE_UI.visits}</dt>
                <dd data-testid="public-visits">{stats.visits}</dd>
              </div>
              <div>
                <dt>{PUBLIC_PAGE_UI.presaves}</dt>
                <dd>{stats.presaves}</dd>
              </div>
            </Figures>
            <SectionTitle as="h3">{PUBLIC_PAGE_UI.clicksHeading}</SectionTitle>
            {stats.clicks.length === 0 ? (
              <Muted>{PUBLIC_PAGE_UI.noClicks}</Muted>
            ) : (
              <Clicks>
                {stats.clicks.map((c) => (
                  <li key={c.store} data-store={c.store}>
                    <span>{c.store}</span>
                    <strong>{c.clicks}</strong>
                  </li>
                ))}
              </Clicks>
            )}
            <Muted>{PUBLIC_PAGE_UI.privacyNote}</Muted>
          </>
        )}
      </Stack>
    </Card>
  );
}
