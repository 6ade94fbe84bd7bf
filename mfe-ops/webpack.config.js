const { createRemoteConfig } = require('../scripts/webpack/remote-config');

module.exports = createRemoteConfig({
  dir: __dirname,
  name: 'mfe_ops',
  port: 3005,
  exposes: {
    './OpsPage': './src/OpsPage.tsx',
  },
});
