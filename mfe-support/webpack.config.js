const { createRemoteConfig } = require('../scripts/webpack/remote-config');

module.exports = createRemoteConfig({
  dir: __dirname,
  name: 'mfe_support',
  port: 3003,
  exposes: {
    './DashboardPage': './src/dashboard/DashboardPage.tsx',
    './TicketsPage': './src/tickets/TicketsPage.tsx',
    './TicketDetailPage': './src/ticket-detail/TicketDetailPage.tsx',
    './ReportsPage': './src/reports/ReportsPage.tsx',
    './ProfilePage': './src/profile/ProfilePage.tsx',
    './InvitePage': './src/invite/InvitePage.tsx',
    './EarningsPage': './src/earnings/EarningsPage.tsx',
  },
});
