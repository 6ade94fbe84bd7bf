import { useState } from 'react';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { Button, Card, CheckboxField, formatDate, Loader, Muted, notify, SectionTitle, Stack, theme, tileList, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { type Artist, PLATFORM_COUNTS, type Release, RELEASE_ENDPOINTS, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { LoadFailed, ReleaseSummary, TracksCard } from '../../shared/ReleaseSummary';
import { orDash, priceTierLabel, releaseTypeLabel } from '../../shared/release-format';
import { RELEASE_ROUTES } from '../../shared/routes';
import { t } from '../../shared/text';
import { useArtists } from '../artists/use-artists';
import { StoreReadyCard } from './StoreReadyCard';

export type SubmissionTabProps = { release: Release };

const Platforms = styled.ul`
  ${tileList(200, 10)}
  li {
    padding: 10px 12px;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.sm};
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  strong { font-size: ${theme.font.size.md}; }
`;

const On = styled.span<{ $on: boolean }>`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${({ $on }) => ($on ? theme.colors.successText : theme.colors.textMuted)};
`;

const SubmitBar = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  > div:first-child { margin-bottom: 0; }
  a { color: ${theme.colors.accent}; font-weight: 600; }
`;

/**
 * Tab 4, Submission (core §2, §4): the getSubmissionDetails summary (artwork, facts, tracks,
 * platforms) and a terms checkbox; Submit stays disabled until it is ticked, then posts
 * submissionButton (draft -> in_review), toasts the server's message and opens /catalog. The summary
 * is a query of the kit's data layer asked at each opening of the tab (the other tabs change it), the
 * submission a mutation that reloads the catalogue's lists (docs/decisions/025).
 */
export function SubmissionTab({ release: draft }: SubmissionTabProps) {
  const navigate = useNavigate();
  const { artists: primary } = useArtists('primary');
  const { artists: featuring } = useArtists('featuring');
  const details = useEndpointQuery(RELEASE_ENDPOINTS.getSubmissionDetails, { query: { release_id: draft.release_id } }, { staleTime: 0, gcTime: 0 });
  const submitRelease = useEndpointMutation(RELEASE_ENDPOINTS.submissionButton, { invalidates: [RELEASE_ENDPOINTS.getCatelogListWeb, RELEASE_ENDPOINTS.getCatelogById] });
  const [accepted, setAccepted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const release: Release | null = details.isError ? null : (details.data?.body ?? null);
  if (details.isFetching && (!details.data || details.isError)) return <Loader label={RELEASE_UI.submission.loading} />;
  if (!release) {
    return <LoadFailed text={RELEASE_UI.wizard.loadFailed} retryLabel={RELEASE_UI.wizard.retry} onRetry={() => void details.refetch()} />;
  }

  /** Names of the artist ids from the pickers' lists; null when one is not known. */
  const names = (list: Artist[] | null, ids: Array<number | null | undefined>) => {
    const found = ids.filter((id): id is number => Boolean(id)).map((id) => list?.find((a) => a.artist_id === Number(id))?.artist_name);
    return found.every(Boolean) ? found.join(', ') : null;
  };
  const primaryNames = names(primary, [release.primary_artist1, release.primary_artist2, release.primary_artist3]) ?? release.artist_name ?? '';
  const featuringNames = names(featuring, [release.featuring1, release.featuring2, release.featuring3]) ?? '';
  const tracks = release.audios ?? [];

  const submit = async () => {
    if (!accepted) {
      notify.error(RELEASE_MESSAGES.termsRequired);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await submitRelease.mutateAsync({ body: { release_id: release.release_id, terms: true } });
      notify.success(answer.message || RELEASE_MESSAGES.submitted);
      // Leaving the wizard unmounts it, which clears its store.
      navigate(RELEASE_ROUTES.catalog);
    } catch {
      setSubmitting(false);
    }
  };

  const platforms = [
    { label: t(RELEASE_UI.platform.audio, { count: PLATFORM_COUNTS.audio }), on: true },
    { label: t(RELEASE_UI.platform.crbt, { count: PLATFORM_COUNTS.crbt }), on: release.crbt === 'yes' },
    { label: t(RELEASE_UI.platform.video, { count: PLATFORM_COUNTS.video }), on: release.video_platforms === 'yes' },
  ];
  const cols = RELEASE_UI.submission.trackColumns;

  return (
    <Stack $gap={16}>
      <Card>
        <Stack $gap={16}>
          <div>
            <SectionTitle>{RELEASE_UI.submission.heading}</SectionTitle>
            <Muted>{RELEASE_UI.submission.intro}</Muted>
          </div>
          <ReleaseSummary
            release={release}
            artworkSize={180}
            facts={[
                { label: RELEASE_UI.facts.title, value: orDash(release.release_title) },
                { label: RELEASE_UI.facts.releaseType, value: releaseTypeLabel(release.release_type) },
                { label: RELEASE_UI.facts.primaryArtist, value: orDash(primaryNames) },
                { label: RELEASE_UI.facts.featuring, value: orDash(featuringNames) },
                { label: RELEASE_UI.facts.genre, value: orDash(release.genre) },
                { label: RELEASE_UI.facts.subGenre, value: orDash(release.sub_genre) },
                { label: RELEASE_UI.facts.label, value: orDash(release.lable_name) },
                { label: RELEASE_UI.facts.releaseDate, value: orDash(formatDate(release.release_date)) },
                { label: RELEASE_UI.facts.pLine, value: orDash(release.p_line) },
                { label: RELEASE_UI.facts.cLine, value: orDash(release.c_line) },
                { label: RELEASE_UI.facts.upcEan, value: orDash(release.upc_ean) },
              { label: RELEASE_UI.facts.numberOfTracks, value: String(tracks.length || release.number_of_tracks || 0) },
            ]}
          />
        </Stack>
      </Card>

      <TracksCard
        heading={RELEASE_UI.submission.tracksHeading}
        tracks={tracks}
        headers={cols}
        columns={[
          { key: 'version', header: cols[2], render: (row) => orDash(row.track_version) },
          { key: 'isrc', header: cols[3], render: (row) => (row.isrc ? row.isrc : RELEASE_UI.submission.noIsrc) },
          { key: 'tier', header: cols[4], render: (row) => priceTierLabel(release.release_type, row.price_tier) },
          { key: 'explicit', header: cols[5], render: (row) => orDash(row.explicit_version) },
        ]}
      />

      <Card>
        <Stack $gap={12}>
          <SectionTitle>{RELEASE_UI.submission.platformsHeading}</SectionTitle>
          <Platforms>
            {platforms.map((p) => (
              <li key={p.label}>
                <strong>{p.label}</strong>
                <On $on={p.on}>{p.on ? RELEASE_UI.submission.included : RELEASE_UI.submission.notIncluded}</On>
              </li>
            ))}
          </Platforms>
        </Stack>
      </Card>

      <StoreReadyCard releaseId={release.release_id} />

      <SubmitBar>
        <CheckboxField
          name="terms"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          label={
            <>
              {RELEASE_UI.submission.termsBefore}
              <a href={RELEASE_UI.submission.termsUrl} target="_blank" rel="noopener noreferrer">
                {RELEASE_UI.submission.termsLink}
              </a>
              {RELEASE_UI.submission.termsAfter}
            </>
          }
        />
        <Button type="button" disabled={!accepted} busy={submitting} onClick={() => void submit()}>
          {RELEASE_UI.submission.submit}
        </Button>
      </SubmitBar>
    </Stack>
  );
}
