import { Button, theme } from '@portal/kit';
import { NoticeBox } from './notice-box';
import { REMOTE_UNAVAILABLE_TEXT, RETRY_LABEL } from './remote-texts';

/** Fallback of one remote's routes when it cannot load (DESIGN.md "Shape"); other areas keep working. */
export function RemoteUnavailable({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  return (
    <NoticeBox role="alert" data-testid="remote-unavailable">
      <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke={theme.colors.warning} strokeWidth="1.6" aria-hidden="true">
        <path d="M12 3 2.5 20h19L12 3Z" strokeLinejoin="round" />
        <path d="M12 10v4.5M12 17.2v.3" strokeLinecap="round" />
      </svg>
      {/* It stands in for the whole screen: its message is the page's heading (axe page-has-heading-one). */}
      <h1>{REMOTE_UNAVAILABLE_TEXT}</h1>
      <Button variant="primary" onClick={onRetry} busy={retrying}>
        {RETRY_LABEL}
      </Button>
    </NoticeBox>
  );
}
