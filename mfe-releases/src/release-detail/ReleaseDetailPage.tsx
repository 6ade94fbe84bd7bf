import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, EmptyState, formatDate, Loader, notify, PageHeader, SectionTitle, Stack, StatusIcon, theme, useEndpointQuery } from '@portal/kit';
import { productNumber, REJECTION_FIELDS_LABEL, type Release, RELEASE_ENDPOINTS, RELEASE_STATUS_LABEL, RELEASE_UI, type ReleaseStatus, STORE_LOOP_ENDPOINTS, type StoreStateRow, trackStatusLabel } from '@portal/contracts';
import { LoadFailed, ReleaseSummary, TracksCard } from '../shared/ReleaseSummary';
import { orDash, priceTierLabel } from '../shared/release-format';
import { RELEASE_ROUTES, idFromPath } from '../shared/routes';
import { t } from '../shared/text';
import { firstReviewStep } from '../wizard/wizard-steps';
import { DeliveryStatusCard } from './DeliveryStatusCard';
import { PublicLinkCard } from '../public-link/PublicLinkCard';
import { approvedBanner } from './approved-banner';

type State = { kind: 'loading' } | { kind: 'loaded'; release: Release } | { kind: 'not-found' } | { kind: 'failed' };

/** Banner colours per status (core §4: takendown in red). */
const BANNER: Record<ReleaseStatus, { bg: string; fg: string; border: string }> = {
  draft: { bg: theme.colors.surfaceMuted, fg: theme.colors.text, border: theme.colors.neutral },
  in_review: { bg: theme.colors.warningSoft, fg: '#93370d', border: theme.colors.warning },
  approved: { bg: theme.colors.successSoft, fg: '#05603a', border: theme.colors.success },
  rejected: { bg: '#fff4ed', fg: '#9c2a10', border: '#e8590c' },
  takendown: { bg: theme.colors.dangerSoft, fg: '#912018', border: theme.colors.danger },
};

/** An approved release a store refused: the banner asks for attention (issue 39 §2). */
const ATTENTION = { bg: theme.colors.warningSoft, fg: '#93370d', border: theme.colors.warning };
const paletteOf = (status: ReleaseStatus, attention: boolean) => (attention ? ATTENTION : (BANNER[status] ?? BANNER.draft));

const Banner = styled.div<{ $status: ReleaseStatus; $attention?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 18px;
  margin-bottom: 20px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $status, $attention }) => paletteOf($status, !!$attention).border};
  border-left-width: 6px;
  background: ${({ $status, $attention }) => paletteOf($status, !!$attention).bg};
  color: ${({ $status, $attention }) => paletteOf($status, !!$attention).fg};
  strong { font-size: ${theme.font.size.lg}; }
  p { margin: 4px 0 0; }
`;

/**
 * /catalog/{id}, the release detail (core §2, §4): status banner (the reason and "Edit &
 * re-submit" when rejected), the facts (explicit version and price tier from the first track) and
 * the tracks with their product numbers and statuses. An approved release's banner says where it is live
 * from the per-store states (issue 39 §2: live on N of M stores, a refusal with what to do next; the
 * same query the Stores card polls). An unknown id shows "Release not found". The
 * release is a query of the kit's data layer asked at each opening (the cached answer shows meanwhile;
 * docs/decisions/025).
 */
export function ReleaseDetailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const releaseId = idFromPath(location.pathname, RELEASE_ROUTES.catalog);
  // "Goes live on …" is judged against the time the page opened (render stays pure).
  const [openedAt] = useState(() => Date.now());
  const query = useEndpointQuery(RELEASE_ENDPOINTS.getCatelogById, { query: { release_id: releaseId ?? 0 } }, { silent: true, enabled: releaseId !== null, staleTime: 0 });
  const approved = query.data?.body?.status === 'approved';
  const storeStates = useEndpointQuery(STORE_LOOP_ENDPOINTS.getStoreStates, { query: { release_id: releaseId ?? 0 } }, { silent: true, enabled: releaseId !== null && approved, staleTime: 0 });
  const load = () => void query.refetch();
  const error = query.error;
  // Session over is handled by the kit, "not found" by the page; anything else gets the server's message.
  useEffect(() => {
    if (error && error.status !== 404 && error.status !== 0) notify.error(error.message);
  }, [error]);

  const state: State =
    releaseId === null
      ? { kind: 'not-found' }
      : query.isError && !query.isFetching
        ? { kind: error?.status === 404 ? 'not-found' : 'failed' }
        : query.data && !query.isError
          ? query.data.body
            ? { kind: 'loaded', release: query.data.body }
            : { kind: 'not-found' }
          : { kind: 'loading' };

  if (state.kind === 'loading') return <Loader label={RELEASE_UI.detail.loading} />;
  if (state.kind === 'not-found') {
    return (
      <Card>
        <EmptyState>
          <SectionTitle as="h1">{RELEASE_UI.detail.notFoundTitle}</SectionTitle>
          <p style={{ margin: '8px 0 14px' }}>{RELEASE_UI.detail.notFoundText}</p>
          <Link to={RELEASE_ROUTES.catalog} style={{ fontWeight: 600 }}>
            {RELEASE_UI.detail.backToCatalog}
          </Link>
        </EmptyState>
      </Card>
    );
  }
  if (state.kind === 'failed') {
    return (
      <LoadFailed text={RELEASE_UI.detail.loadFailed} retryLabel={RELEASE_UI.detail.retry} onRetry={() => void load()}>
        <Link to={RELEASE_ROUTES.catalog}>{RELEASE_UI.detail.backToCatalog}</Link>
      </LoadFailed>
    );
  }

  const release = state.release;
  const tracks = release.audios ?? [];
  const first = tracks[0];
  const statusLabel = RELEASE_STATUS_LABEL[release.status] ?? release.status;
  const cols = RELEASE_UI.detail.trackColumns;
  const stateRows = storeStates.data && !storeStates.isError && Array.isArray(storeStates.data.body) ? (storeStates.data.body as StoreStateRow[]) : null;
  const banner = release.status === 'approved' ? approvedBanner(stateRows, Number(release.release_date), openedAt, (ms) => formatDate(ms)) : null;

  return (
    <>
      <PageHeader
        title={release.release_title}
        actions={
          <Link to={RELEASE_ROUTES.catalog} style={{ fontWeight: 600 }}>
            {RELEASE_UI.detail.backToCatalog}
          </Link>
        }
      />
      <Banner $status={release.status} $attention={!!banner?.attention} as="section" aria-label={t(RELEASE_UI.detail.statusBanner, { status: statusLabel })} data-status={release.status} data-attention={banner?.attention ?? undefined}>
        <div>
          <Stack $gap={4} style={{ flexDirection: 'row', alignItems: 'center' }}>
            <StatusIcon status={release.status} />
            <strong>{t(RELEASE_UI.detail.statusBanner, { status: statusLabel })}</strong>
          </Stack>
          {banner ? (
            <div aria-live="polite" data-testid="store-banner">
              {banner.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : (
            <p>{RELEASE_UI.detail.statusText[release.status]}</p>
          )}
          {release.status === 'rejected' && (
            <p>
              <strong style={{ fontSize: 'inherit' }}>{RELEASE_UI.detail.reasonLabel}</strong> {orDash(release.reason)}
            </p>
          )}
          {release.status === 'rejected' && !!release.review_reasons?.length && (
            <p data-testid="fields-to-fix">
              <strong style={{ fontSize: 'inherit' }}>{REJECTION_FIELDS_LABEL}</strong> {[...new Set(release.review_reasons.map((r) => r.field_label))].join(', ')}
            </p>
          )}
        </div>
        {release.status === 'rejected' && (
          // Opens the wizard on the first step holding a field the review asks to fix (docs/decisions/008).
          <Button type="button" onClick={() => navigate(`${RELEASE_ROUTES.wizardFor(release.release_id)}?step=${firstReviewStep(release.review_reasons)}`)}>
            {RELEASE_UI.detail.editResubmit}
          </Button>
        )}
        {release.status === 'draft' && (
          <Button type="button" variant="secondary" onClick={() => navigate(RELEASE_ROUTES.wizardFor(release.release_id))}>
            {RELEASE_UI.detail.continueDraft}
          </Button>
        )}
      </Banner>

      <Stack $gap={20}>
        <Card>
          <ReleaseSummary
            release={release}
            artworkSize={200}
            facts={[
                { label: RELEASE_UI.facts.label, value: orDash(release.lable_name) },
                { label: RELEASE_UI.facts.primaryArtist, value: orDash(release.artist_name) },
                { label: RELEASE_UI.facts.title, value: orDash(release.release_title) },
                { label: RELEASE_UI.facts.genre, value: orDash(release.genre) },
                { label: RELEASE_UI.facts.explicitVersion, value: orDash(first?.explicit_version) },
                { label: RELEASE_UI.facts.priceTier, value: first ? priceTierLabel(release.release_type, first.price_tier) : RELEASE_UI.facts.none },
                { label: RELEASE_UI.facts.numberOfTracks, value: String(tracks.length || release.number_of_tracks || 0) },
              { label: RELEASE_UI.facts.releaseDate, value: orDash(formatDate(release.release_date)) },
              // Identifiers given on approval (docs/decisions/008).
              ...(release.upc_ean ? [{ label: RELEASE_UI.facts.upcEan, value: release.upc_ean }] : []),
              ...(tracks.some((t) => t.isrc) ? [{ label: 'ISRC', value: tracks.map((t) => t.isrc || '—').join(', ') }] : []),
            ]}
          />
        </Card>

        <TracksCard
          heading={RELEASE_UI.detail.tracksHeading}
          tracks={tracks}
          headers={cols}
          columns={[
            { key: 'artist', header: cols[2], render: (row) => orDash(row.artist_name) },
            { key: 'genre', header: cols[3], render: (row) => orDash(row.genre) },
            { key: 'product', header: cols[4], render: (row) => productNumber(row.audio_id) },
            { key: 'status', header: cols[5], render: (row) => trackStatusLabel(Number(row.status), release.status) },
          ]}
        />
        {(release.status === 'approved' || release.status === 'takendown') && <DeliveryStatusCard releaseId={release.release_id} />}
        {release.status === 'approved' && <PublicLinkCard releaseId={release.release_id} />}
      </Stack>
    </>
  );
}

export default ReleaseDetailPage;
