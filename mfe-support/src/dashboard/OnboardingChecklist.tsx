import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AUTH_ENDPOINTS, DASHBOARD_UI, fillMessage, ONBOARDING_ARTISTS_QUERY, ONBOARDING_CATALOG_QUERY, RELEASE_ENDPOINTS, SUPPORT_ENDPOINTS } from '@portal/contracts';
import { Card, SectionTitle, theme, useEndpointQuery } from '@portal/kit';

const U = DASHBOARD_UI.onboarding;

type Step = { key: string; label: string; to: string; done: boolean };

/**
 * What the dashboard knows of an artist's first steps: `loading` until the checks answered,
 * `unknown` when one failed (a failed check never shows a false "to do"), else `ready` with the four
 * steps and `hasRelease` (a release in the catalogue: the artist is no longer new).
 */
export type OnboardingState = { state: 'loading' } | { state: 'unknown' } | { state: 'ready'; steps: Step[]; hasRelease: boolean };

/**
 * A new artist's first steps (docs/decisions/017): profile, bank details, first release, artist IDs,
 * each a link to where it is done. Checked from the answers the portal already gives (user details,
 * bank details, catalogue total, artists) through the data layer (docs/decisions/025): the shell starts
 * the four checks with the dashboard's first requests (DASHBOARD_FIRST_REQUESTS), so they are usually
 * there when the page mounts. Each dashboard visit asks them once: the shell asks again on entry
 * (`everyVisit`), showing the last answer meanwhile, and the page uses that answer (default fresh time)
 * instead of asking a second time.
 */
export function useOnboarding(): OnboardingState {
  const once = { silent: true };
  const user = useEndpointQuery(AUTH_ENDPOINTS.getUserDetails, {}, once);
  const bank = useEndpointQuery(SUPPORT_ENDPOINTS.getUserBankDetails, {}, once);
  const catalog = useEndpointQuery(RELEASE_ENDPOINTS.getCatelogListWeb, { query: ONBOARDING_CATALOG_QUERY }, once);
  const artists = useEndpointQuery(RELEASE_ENDPOINTS.getArtist, { query: ONBOARDING_ARTISTS_QUERY }, once);
  const checks =
    user.isError || bank.isError || catalog.isError || artists.isError
      ? 'failed'
      : user.data && bank.data && catalog.data && artists.data
        ? {
            profile: Boolean(user.data.body?.phone?.trim() && user.data.body?.address?.trim()),
            bank: Boolean(bank.data.body),
            release: Number(catalog.data.total ?? (Array.isArray(catalog.data.body) ? catalog.data.body.length : 0)) > 0,
            artistIds: (artists.data.body ?? []).some((a) => Boolean(a.apple_id?.trim() || a.spotify_id?.trim())),
          }
        : null;

  if (checks === 'failed') return { state: 'unknown' };
  if (!checks) return { state: 'loading' };
  return {
    state: 'ready',
    hasRelease: checks.release,
    steps: [
      { key: 'profile', label: U.profile, to: '/profile', done: checks.profile },
      { key: 'bank', label: U.bank, to: '/profile', done: checks.bank },
      { key: 'release', label: U.release, to: '/select_release', done: checks.release },
      { key: 'artistIds', label: U.artistIds, to: '/tools/profile-linking', done: checks.artistIds },
    ],
  };
}

/**
 * The "Get started" card: each step a link to where it is done, done steps struck through and marked.
 * Rendered nothing once every step is done. `className` places it in the dashboard's grid.
 */
export function OnboardingChecklist({ steps, className }: { steps: Step[]; className?: string }) {
  const doneCount = steps.filter((s) => s.done).length;
  if (doneCount === steps.length) return null;
  return (
    <Checklist className={className} aria-labelledby="dashboard-onboarding" data-testid="onboarding-checklist">
      <SectionTitle id="dashboard-onboarding">{U.heading}</SectionTitle>
      <Intro>
        {U.intro} {fillMessage(U.progress, { done: doneCount, total: steps.length })}
      </Intro>
      <ol>
        {steps.map((step) => (
          <li key={step.key} data-done={step.done}>
            <Mark aria-hidden="true" $done={step.done}>
              {step.done ? '✓' : ''}
            </Mark>
            <Label>{step.done ? <s>{step.label}</s> : <Link to={step.to}>{step.label}</Link>}</Label>
            <State>{step.done ? U.done : U.todo}</State>
          </li>
        ))}
      </ol>
    </Checklist>
  );
}

const Checklist = styled(Card)`
  min-width: 0;
  ol { list-style: none; margin: 8px 0 0; padding: 0; display: grid; gap: 8px; }
  li { display: flex; align-items: center; gap: 10px; }
  s { color: ${theme.colors.textMuted}; }
`;

const Label = styled.span`
  flex: 1 1 auto;
  min-width: 0;
`;

const Intro = styled.p`
  margin: 4px 0 0;
  color: ${theme.colors.textMuted};
`;

const Mark = styled.span<{ $done: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  border: 2px solid ${({ $done }) => ($done ? theme.colors.success : theme.colors.border)};
  background: ${({ $done }) => ($done ? theme.colors.success : 'transparent')};
  color: #fff;
  font-size: 13px;
  font-weight: 700;
`;

const State = styled.span`
  flex: none;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;
