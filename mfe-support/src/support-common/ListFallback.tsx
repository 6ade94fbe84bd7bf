import { Button } from '@portal/kit';
import { SUPPORT_UI } from '@portal/contracts';

/** What a table shows without rows: the error with a Retry button when the load failed, else the empty text. */
export function ListFallback({ failed, empty, onRetry }: { failed: boolean; empty: string; onRetry(): void }) {
  if (!failed) return <>{empty}</>;
  return (
    <>
      <p style={{ margin: '0 0 10px' }}>{SUPPORT_UI.common.loadFailed}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {SUPPORT_UI.common.retry}
      </Button>
    </>
  );
}
