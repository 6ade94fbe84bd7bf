import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Invite (/invite, areas §2). Placeholder until the screen is built: the route, title and remote wiring are final. */
export default function InvitePage() {
  return (
    <>
      <PageHeader title="Invite" />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          Invite other artists to the portal from here.
        </EmptyState>
      </Card>
    </>
  );
}
