import styled from 'styled-components';
import { Card, Loader, Muted, SectionTitle, Stack, theme, useEndpointQuery } from '@portal/kit';
import { DISTRIBUTION_ENDPOINTS, QC_UI, type StoreReadyChecklist } from '@portal/contracts';
import { LoadFailedLine } from '../../shared/ReleaseSummary';
import { QcProblems } from '../song-info/TrackQcPanel';

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li { padding: 8px 0; border-bottom: 1px solid ${theme.colors.border}; display: flex; flex-direction: column; gap: 2px; }
  > li:last-child { border-bottom: 0; }
`;

const State = styled.span<{ $status: string }>`
  font-weight: 600;
  color: ${({ $status }) => ($status === 'passed' ? theme.colors.successText : $status === 'refused' ? theme.colors.danger : theme.colors.textMuted)};
`;

const label = (status: string) => (status === 'passed' ? QC_UI.passed : status === 'refused' ? QC_UI.refused : QC_UI.checking);

/** How often (ms) the checklist is asked again while a file is still being checked. */
const CHECKING_POLL_MS = 2000;

const isChecking = (list: StoreReadyChecklist | null | undefined) => !!list?.items.some((i) => i.status === 'checking');

/**
 * The store-ready checklist of the release on the Submission tab (docs/decisions/020;
 * GET /api/getStoreReadiness): the artwork and every track with its QC status and problems. Asked
 * again every 2 s while a file is still being checked; submission itself is refused by the server
 * while anything is refused or checking.
 */
export function StoreReadyCard({ releaseId }: { releaseId: number }) {
  // Polled through the data layer (docs/decisions/025): every 2 s while a file is being checked, never after a failure.
  const readiness = useEndpointQuery(DISTRIBUTION_ENDPOINTS.getStoreReadiness, { query: { release_id: releaseId } }, {
    silent: true,
    staleTime: 0,
    refetchInterval: (query) => (!query.state.error && isChecking(query.state.data?.body) ? CHECKING_POLL_MS : false),
  });
  const failed = readiness.isError && !readiness.isFetching;
  const list = readiness.data?.body ?? null;
  const retry = () => void readiness.refetch();

  return (
    <Card>
      <Stack $gap={12}>
        <div>
          <SectionTitle>{QC_UI.checklistHeading}</SectionTitle>
          <Muted>{QC_UI.checklistIntro}</Muted>
        </div>
        {failed ? (
          <LoadFailedLine onRetry={retry} />
        ) : !list ? (
          <Loader label={QC_UI.checking} />
        ) : list.items.length === 0 ? (
          <Muted>{QC_UI.checklistEmpty}</Muted>
        ) : (
          <>
            <strong role="status" data-testid="store-ready" data-ready={String(list.ready)}>
              {list.ready ? QC_UI.checklistReady : QC_UI.checklistNotReady}
            </strong>
            <Items>
              {list.items.map((item, i) => (
                <li key={`${i}-${item.subject}`}>
                  <span>
                    {item.subject}: <State $status={item.status}>{label(item.status)}</State>
                  </span>
                  <QcProblems problems={item.problems} />
                </li>
              ))}
            </Items>
          </>
        )}
      </Stack>
    </Card>
  );
}
