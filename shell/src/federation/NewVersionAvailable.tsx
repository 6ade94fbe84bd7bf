import { Button } from '@portal/kit';
import { NoticeBox } from './notice-box';
import { REMOTE_UPDATE_TEXT } from '@portal/contracts';

/**
 * Shown instead of a remote's area when its chunks failed to load and the live registry names a newer
 * deploy than the one this page started with (docs/decisions/007): the old version's files may be gone, a reload
 * gets the new one. Other areas keep working meanwhile.
 */
export function NewVersionAvailable() {
  return (
    <NoticeBox role="alert" data-testid="remote-new-version">
      {/* It stands in for the whole screen: the page's heading (axe page-has-heading-one). */}
      <h1>{REMOTE_UPDATE_TEXT.newVersion}</h1>
      <p>{REMOTE_UPDATE_TEXT.newVersionHint}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {REMOTE_UPDATE_TEXT.reload}
      </Button>
    </NoticeBox>
  );
}
