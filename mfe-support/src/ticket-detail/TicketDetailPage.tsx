import { useParams } from 'react-router-dom';
import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Ticket conversation (/tickets/:id, areas §2). Placeholder until the screen is built. */
export default function TicketDetailPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeader title={id ? `Ticket #${id}` : 'Ticket'} />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          The conversation with the support team will appear here.
        </EmptyState>
      </Card>
    </>
  );
}
