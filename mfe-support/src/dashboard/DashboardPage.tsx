import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Dashboard (/, areas §2). Placeholder until the screen is built: the route, title and remote wiring are final. */
export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          News and update videos will appear here.
        </EmptyState>
      </Card>
    </>
  );
}
