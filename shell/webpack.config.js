const { createShellConfig } = require('../scripts/webpack/shell-config');

module.exports = createShellConfig({ dir: __dirname, name: 'shell', port: 3000 });
