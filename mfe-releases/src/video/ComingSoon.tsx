import { useNavigate } from 'react-router-dom';
import { Button, Card, EmptyState, PageHeader } from '@portal/kit';
import { RELEASE_UI } from '@portal/contracts';
import { RELEASE_ROUTES } from '../shared/routes';

/** Placeholder of the video screens until the video area is built (areas §2). */
export function ComingSoon({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button type="button" variant="secondary" onClick={() => navigate(RELEASE_ROUTES.catalog)}>
            {RELEASE_UI.video.audioCatalog}
          </Button>
        }
      />
      <Card>
        <EmptyState>
          <strong style={{ display: 'block', marginBottom: 6 }}>{RELEASE_UI.video.comingSoon}</strong>
          {RELEASE_UI.video.comingSoonText}
        </EmptyState>
      </Card>
    </>
  );
}
