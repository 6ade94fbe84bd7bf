import { Card, EmptyState, PageHeader } from '@portal/kit';

/** Your Promotions History (/marketing/promotions, areas §2). Placeholder until the screen is built: the route, title and remote wiring are final. */
export default function PromotionsPage() {
  return (
    <>
      <PageHeader title="Your Promotions History" />
      <Card>
        <EmptyState>
          <strong>Coming soon</strong>
          <br />
          Your promotions will be listed here.
        </EmptyState>
      </Card>
    </>
  );
}
