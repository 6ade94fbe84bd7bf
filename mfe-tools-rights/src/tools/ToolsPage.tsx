import { useLocation } from 'react-router-dom';
import { Card, EmptyState, PageHeader } from '@portal/kit';
import { TOOL_HEADINGS, toolModeOf } from './tool-mode';

/** Tools screen, one screen with three modes chosen by path (areas §2). Placeholder until built. */
export default function ToolsPage() {
  const { pathname } = useLocation();
  const mode = toolModeOf(pathname);
  return (
    <>
      <PageHeader title={TOOL_HEADINGS[mode]} />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          The {TOOL_HEADINGS[mode]} form and your past submissions will appear here.
        </EmptyState>
      </Card>
    </>
  );
}
