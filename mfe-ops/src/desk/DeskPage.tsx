import { Stack } from '@portal/kit';
import { PayoutDeskPage } from '../payouts/PayoutDeskPage';
import { SupportDeskPage } from '../support-desk/SupportDeskPage';

/**
 * The desk by role: the support desk (SupportDeskPage, docs/decisions/023-staff-desks.md "Support desk")
 * for support staff, the payout desk (PayoutDeskPage) for finance; both for staff holding both roles.
 */
export function DeskPage({ support, finance }: { support: boolean; finance: boolean }) {
  return (
    <Stack $gap={16}>
      {support && <SupportDeskPage />}
      {finance && <PayoutDeskPage />}
    </Stack>
  );
}
