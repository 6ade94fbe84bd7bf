// The shared factory (scripts/webpack/remote-config.js) owns loaders, Module Federation sharing and
// the dev server; this remote only names itself and what it exposes (docs/decisions/001).
const { createRemoteConfig } = require('../scripts/webpack/remote-config');

module.exports = createRemoteConfig({
  dir: __dirname,
  name: 'mfe_auth',
  exposes: {
    './LoginPage': './src/login/LoginPage.tsx',
    './SignupPage': './src/signup/SignupPage.tsx',
    './LegalPage': './src/legal/LegalPage.tsx',
  },
  port: 3001,
});
