import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Tickets (/tickets, areas §2). Placeholder until the screen is built: the route, title and remote wiring are final. */
export default function TicketsPage() {
  return (
    <>
      <PageHeader title="Tickets" />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          Open and follow your support tickets here.
        </EmptyState>
      </Card>
    </>
  );
}
