import styled from 'styled-components';
import { Button, Card, theme } from '@portal/kit';
import { REMOTE_UPDATE_TEXT } from '@portal/contracts';

const Box = styled(Card)`
  max-width: 520px;
  margin: 32px auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  padding: 36px 24px;
  text-align: center;
  h1 { margin: 0; font-size: ${theme.font.size.lg}; font-weight: 600; }
  p { margin: 0; }
`;

/**
 * Shown instead of a remote's area when its chunks failed to load and the live registry names a newer
 * deploy than the one this page started with (issue 12): the old version's files may be gone, a reload
 * gets the new one. Other areas keep working meanwhile.
 */
export function NewVersionAvailable() {
  return (
    <Box role="alert" data-testid="remote-new-version">
      {/* It stands in for the whole screen: the page's heading (axe page-has-heading-one). */}
      <h1>{REMOTE_UPDATE_TEXT.newVersion}</h1>
      <p>{REMOTE_UPDATE_TEXT.newVersionHint}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {REMOTE_UPDATE_TEXT.reload}
      </Button>
    </Box>
  );
}
