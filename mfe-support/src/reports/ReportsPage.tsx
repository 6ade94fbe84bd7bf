import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Reports (/reports, areas §2). Placeholder until the screen is built: the route, title and remote wiring are final. */
export default function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          Request store reports and see the ones you asked for here.
        </EmptyState>
      </Card>
    </>
  );
}
