import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Profile (/profile, menu Withdrawal, areas §2). Placeholder until the screen is built: the route, title and remote wiring are final. */
export default function ProfilePage() {
  return (
    <>
      <PageHeader title="Profile" />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          Your details, bank details and payout requests will appear here.
        </EmptyState>
      </Card>
    </>
  );
}
