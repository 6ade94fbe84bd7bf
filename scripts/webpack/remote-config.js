// Webpack config factory of a portal remote (docs/decisions/001, docs/conventions.md §10-11).
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createShared, SHARE_STRATEGY } = require('./shared');
const { RemoteVersionPlugin } = require('./version-plugin');
const { PrecompressPlugin } = require('./compress-plugin');
const { baseConfig, modeOf, buildSettings, devServer } = require('./common');

/**
 * @param {object} options
 * @param {string} options.dir      the remote's package directory (use __dirname)
 * @param {string} options.name     the federation name, e.g. 'mfe_releases'
 * @param {Record<string, string>} options.exposes  route-level modules, e.g. { './CatalogPage': './src/catalog/CatalogPage.tsx' }
 * @param {number} options.port     dev-server port (`npm run dev -w <pkg>`)
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 *
 * Emits `dist/remoteEntry.js` and `dist/mf-manifest.json` (the URL the registry `remotes.json` points to),
 * with `publicPath: 'auto'` so the same build works under /remotes/<dir>/, in a version folder of the
 * store (/remotes/<dir>/<version>/) or on its own port. A production build also writes
 * `dist/version.json` (version, build id, commit, shared versions: version-plugin.js), the input of
 * `npm run remote -- deploy <remote>`.
 */
function createRemoteConfig({ dir, name, exposes, port }) {
  if (!dir || !name || !exposes || !port) throw new Error('createRemoteConfig needs { dir, name, exposes, port }');
  return (_env, argv) => {
    const mode = modeOf(argv);
    const production = mode === 'production';
    return {
      name,
      // A remote has no page of its own: its entry is remoteEntry.js, added by the plugin. remoteEntry.js
      // is served no-cache and every other chunk is content-hashed.
      ...baseConfig({ dir, name, mode, publicPath: 'auto' }),
      entry: {},
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: createShared(dir),
          shareStrategy: SHARE_STRATEGY,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // The federation runtime core comes from the shell (provideExternalRuntime there) instead of
          // a second copy in every remoteEntry.js (about 24 kB brotli each; docs/decisions/010).
          experiments: { externalRuntime: true },
        }),
        // .br and .gz beside every text asset (docs/decisions/010); copied into the version store with the rest.
        ...(production ? [new PrecompressPlugin(), new RemoteVersionPlugin({ dir, name })] : []),
      ],
      ...buildSettings(production),
      optimization: {
        ...buildSettings(production).optimization,
        // One chunk per exposed module (plus the shared libraries' own): the code two pages have in
        // common is in each, instead of in chunks of its own that a page's first load asks for one by
        // one. On a phone's connection each request costs more than the few KB repeated (docs/decisions/010,
        // docs/decisions/010).
        splitChunks: false,
      },
      devServer: devServer(port, { historyApiFallback: false, devMiddleware: { writeToDisk: false } }),
    };
  };
}

module.exports = { createRemoteConfig };
