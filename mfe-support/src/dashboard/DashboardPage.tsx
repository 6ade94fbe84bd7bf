import styled from 'styled-components';
import { Button, Card, EmptyState, Loader, PageHeader, SectionTitle, theme, useEndpointPage, VisuallyHidden, type EndpointPage } from '@portal/kit';
import { CONTENT_ENDPOINTS, DASHBOARD_LIST_LIMIT, DASHBOARD_UI as UI, fillMessage, type VideoLink } from '@portal/contracts';
import { YouTubeEmbed } from './YouTubeEmbed';
import { OnboardingChecklist, useOnboarding } from './OnboardingChecklist';

/**
 * `$startFirst`: a new artist's "Get started" stands in the updates area and comes first on a narrow
 * screen. `$pending`: until the onboarding checks answer, where each card goes (and whether the steps
 * left stand above) is unknown, so the grid keeps its place unseen instead of showing News and moving
 * it a moment later (a layout shift of 0.29 at 412 px for a new artist; docs/decisions/010).
 */
const Layout = styled.div<{ $startFirst?: boolean; $pending?: boolean }>`
  display: grid;
  visibility: ${({ $pending }) => ($pending ? 'hidden' : 'visible')};
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  grid-template-areas: 'updates news';
  gap: 20px;
  align-items: start;
  @media (max-width: 1000px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: ${({ $startFirst }) => ($startFirst ? "'updates' 'news'" : "'news' 'updates'")};
  }
`;

/** Holds the grid and, while it waits unseen, a loader over it (positioned, so its going moves nothing). */
const Stage = styled.div`
  position: relative;
`;

const PendingLoader = styled.div`
  position: absolute;
  inset: 0 0 auto 0;
`;

const NewsCard = styled(Card)`
  grid-area: news;
  min-width: 0;
`;

/** A new artist's first steps, where the Updates videos stand for an artist with releases. */
const StartCard = styled(OnboardingChecklist)`
  grid-area: updates;
`;

/** Above the grid: the steps an artist with releases has left (profile, bank, artist IDs). */
const StepsLeft = styled.div`
  margin-bottom: 20px;
`;

const UpdatesCard = styled(Card)<{ $belowLoadingNews: boolean }>`
  grid-area: updates;
  min-width: 0;
  /* Stacked under News (narrow screens), it appears once the news list has its height, instead of
     being pushed down by it (a layout shift; docs/decisions/010). */
  @media (max-width: 1000px) {
    visibility: ${({ $belowLoadingNews }) => ($belowLoadingNews ? 'hidden' : 'visible')};
  }
`;

const NewsList = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  li + li { border-top: 1px solid ${theme.colors.border}; }
  a {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: 10px;
    padding: 12px 2px;
    color: ${theme.colors.text};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
    &:hover { color: ${theme.colors.accent}; }
    &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; border-radius: 4px; }
    svg { flex: none; margin-top: 2px; color: ${theme.colors.textMuted}; }
  }
`;

const Videos = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  margin-top: 12px;
`;

const SmallGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 16px;
`;

/**
 * Room for a list's state: as tall as the empty state, so the loader turning into "No news yet."
 * does not push the Updates card down on a narrow screen (a layout shift; docs/decisions/010).
 */
const StateBox = styled.div`
  min-height: 150px;
  display: flex;
  flex-direction: column;
  justify-content: center;
`;

/** Loading, failure (with a retry) and empty states shared by both lists. */
function ListState<T>({ list, loading, failed, empty }: { list: EndpointPage<T>; loading: string; failed: string; empty: string }) {
  if (list.loading)
    return (
      <StateBox>
        <Loader label={loading} />
      </StateBox>
    );
  if (list.failed)
    return (
      <StateBox>
        <EmptyState>
          <p style={{ margin: '0 0 10px' }}>{failed}</p>
          <Button type="button" variant="secondary" onClick={list.reload}>
            {UI.retry}
          </Button>
        </EmptyState>
      </StateBox>
    );
  return (
    <StateBox>
      <EmptyState>{empty}</EmptyState>
    </StateBox>
  );
}

/**
 * The dashboard at / (areas §2 Dashboard, §3, §7): the News list (heading and link, opening in a new
 * tab) and the Updates list of embedded YouTube videos (youtube-nocookie, loaded on play), the first large and
 * the rest small. Each list has its own loading, empty and error state; usable at 412 px.
 * A new artist (no release in the catalogue yet, docs/decisions/022) sees the "Get started" checklist
 * where the Updates videos stand (not shown); an artist with releases gets the spec's
 * dashboard, with the steps still left above it. When the checks fail, the spec's dashboard.
 */
export function DashboardPage() {
  const onboarding = useOnboarding();
  const newArtist = onboarding.state === 'ready' && !onboarding.hasRelease;
  const pending = onboarding.state === 'loading';
  // Both lists are the route's first requests, which the shell starts on entry (docs/decisions/025). A
  // failure shows in the list itself (with a retry), not as a toast, so one failed list leaves the page calm.
  const news = useEndpointPage(CONTENT_ENDPOINTS.getNews, { query: { limit: DASHBOARD_LIST_LIMIT } }, { silent: true });
  // Asked at once, beside the checks (a small list; embeds load on play), so an artist with releases
  // waits no longer than before; a new artist's page does not show it.
  const videos = useEndpointPage(CONTENT_ENDPOINTS.getVideoLinks, { query: { limit: DASHBOARD_LIST_LIMIT } }, { silent: true });
  const title = (v: VideoLink, i: number) => v.title || fillMessage(UI.videoFallbackTitle, { n: i + 1 });
  const [first, ...rest] = videos.rows;

  return (
    <>
      <PageHeader title={UI.title} />
      {onboarding.state === 'ready' && onboarding.hasRelease && (
        <StepsLeft>
          <OnboardingChecklist steps={onboarding.steps} />
        </StepsLeft>
      )}
      <Stage>
        {pending && (
          <PendingLoader>
            <Loader label={UI.newsLoading} />
          </PendingLoader>
        )}
        <Layout $startFirst={newArtist} $pending={pending} aria-hidden={pending || undefined}>
          {/* A new artist's "Get started" is drawn first (left, or on top at 412 px): it comes first in
              the DOM too, so Tab reaches its steps before the News links (issue 38 item 2). */}
          {newArtist && <StartCard steps={onboarding.steps} />}
          <NewsCard aria-labelledby="dashboard-news">
            <SectionTitle id="dashboard-news">{UI.newsHeading}</SectionTitle>
            {news.rows.length > 0 ? (
              <NewsList>
                {news.rows.map((n) => (
                  <li key={n.news_id}>
                    <a href={n.news_link} target="_blank" rel="noopener noreferrer">
                      <span>
                        {n.news_heading}
                        <VisuallyHidden> {UI.opensInNewTab}</VisuallyHidden>
                      </span>
                      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
                      </svg>
                    </a>
                  </li>
                ))}
              </NewsList>
            ) : (
              <ListState list={news} loading={UI.newsLoading} failed={UI.newsFailed} empty={UI.noNews} />
            )}
          </NewsCard>
          {!newArtist && (
            <UpdatesCard aria-labelledby="dashboard-updates" $belowLoadingNews={news.loading}>
              <SectionTitle id="dashboard-updates">{UI.updatesHeading}</SectionTitle>
              {first ? (
                <Videos>
                  <YouTubeEmbed videoId={first.video_link} title={title(first, 0)} large />
                  {rest.length > 0 && (
                    <SmallGrid>
                      {rest.map((v, i) => (
                        <YouTubeEmbed key={v.video_link_id} videoId={v.video_link} title={title(v, i + 1)} />
                      ))}
                    </SmallGrid>
                  )}
                </Videos>
              ) : (
                <ListState list={pending ? { ...videos, loading: true } : videos} loading={UI.updatesLoading} failed={UI.updatesFailed} empty={UI.noUpdates} />
              )}
            </UpdatesCard>
          )}
        </Layout>
      </Stage>
    </>
  );
}

export default DashboardPage;
