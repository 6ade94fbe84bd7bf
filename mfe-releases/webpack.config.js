// The shared factory (scripts/webpack/remote-config.js) owns loaders, Module Federation sharing and
// the dev server; this remote only names itself and what it exposes (docs/decisions/001).
const { createRemoteConfig } = require('../scripts/webpack/remote-config');

module.exports = createRemoteConfig({
  dir: __dirname,
  name: 'mfe_releases',
  exposes: {
    './SelectReleasePage': './src/select-release/SelectReleasePage.tsx',
    './WizardPage': './src/wizard/WizardPage.tsx',
    './CatalogPage': './src/catalog/CatalogPage.tsx',
    './ReleaseDetailPage': './src/release-detail/ReleaseDetailPage.tsx',
    './VideoCatalogPage': './src/video/VideoCatalogPage.tsx',
    './VideoReleasePage': './src/video/VideoReleasePage.tsx',
  },
  port: 3002,
});
