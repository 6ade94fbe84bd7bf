import { useLocation } from 'react-router-dom';
import { Card, EmptyState, PageHeader } from '@portal/kit';
import { RIGHTS_HEADINGS, rightsModeOf } from './rights-mode';

/** Rights screen, UGC or whitelist mode by path (areas §2). Placeholder until built. */
export default function RightsPage() {
  const { pathname } = useLocation();
  const mode = rightsModeOf(pathname);
  return (
    <>
      <PageHeader title={RIGHTS_HEADINGS[mode]} />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          Your {RIGHTS_HEADINGS[mode]} requests and their history will appear here.
        </EmptyState>
      </Card>
    </>
  );
}
