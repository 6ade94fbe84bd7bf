const { createRemoteConfig } = require('../scripts/webpack/remote-config');

module.exports = createRemoteConfig({
  dir: __dirname,
  name: 'mfe_tools_rights',
  port: 3004,
  exposes: {
    './ToolsPage': './src/tools/ToolsPage.tsx',
    './RightsPage': './src/rights/RightsPage.tsx',
    './PromotionsPage': './src/promotions/PromotionsPage.tsx',
  },
});
