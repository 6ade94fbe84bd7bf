import type { ServerDocs } from './common/endpoint-server';

/** Validation and documentation of CONSOLE_NAV_ENDPOINTS (docs/decisions/014, 040), keyed by the same names. */
export const CONSOLE_NAV_SERVER = {
  consoleHome: {
    summary: 'The console home: per queue the caller’s staff roles open, the work waiting and the age of its oldest item, and whether the account also works as an artist.',
    description:
      'Role-filtered: release and video review and deliveries that failed or were refused for reviewers, statements, payouts, report requests and holds waiting for a decision (open holds, appealed or not) for finance, support tickets and tools/rights requests for support, failed jobs for admins (admin sees every queue). Any staff role, after the TOTP second factor of this session; anyone else gets 403.',
    errors: [403],
  },
} satisfies ServerDocs;
