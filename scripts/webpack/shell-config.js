// Webpack config of the host shell (docs/decisions/001). The shell knows no remote at build time:
// it reads /remotes.json at run time and registers them with the federation runtime.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createShared, SHARE_STRATEGY } = require('./shared');
const { SharedVersionsPlugin } = require('./version-plugin');
const { PrecompressPlugin } = require('./compress-plugin');
const { PreloadHintsPlugin } = require('./preload-hints-plugin');
const { baseConfig, API_TARGET, modeOf, buildSettings, devServer } = require('./common');

/** ES module build of @module-federation/inject-external-runtime-core-plugin (its package `main` is CommonJS). */
const INJECT_RUNTIME_CORE_PLUGIN = require.resolve('@module-federation/inject-external-runtime-core-plugin').replace(/\.cjs$/, '.js');

/**
 * @param {object} options
 * @param {string} options.dir   the shell's package directory
 * @param {string} [options.name] federation name of the host (default 'shell')
 * @param {number} [options.port] dev-server port (default 3000)
 */
/**
 * The libraries every page of the portal runs at start-up, /login included (React, React DOM, the router,
 * styled-components, zustand, ky, the toaster, and the kit's session modules), in one chunk instead of
 * one per package (docs/decisions/010): on a phone's HTTP/1.1 connection to one origin (six requests at
 * a time) a dozen small requests cost more round trips than their bytes. They are still shared modules,
 * provided one by one; loading any of them loads the chunk. Libraries only some pages use (yup, formik,
 * dayjs...) keep their own chunks.
 */
const STARTUP_MODULES = new RegExp(
  [
    `[\\/]node_modules[\\/](${['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'styled-components', 'stylis', '@emotion', 'shallowequal', 'tslib', 'zustand', 'use-sync-external-store', 'ky', 'react-hot-toast', 'goober'].join('|')})[\\/]`,
    `[\\/]scripts[\\/]webpack[\\/]router-exports\\.js$`,
    `[\\/]kit[\\/]src[\\/](session[\\/]session\\.store|api[\\/]session-over)\\.ts$`,
  ].join('|'),
);

function startupChunk() {
  return { cacheGroups: { startup: { test: STARTUP_MODULES, name: 'startup', chunks: 'async', enforce: true, priority: 20 } } };
}

function createShellConfig({ dir, name = 'shell', port = 3000 }) {
  return (_env, argv) => {
    const mode = modeOf(argv);
    const production = mode === 'production';
    const shared = createShared(dir);
    return {
      name,
      // index.html and main.js are served no-cache; every other chunk is content-hashed.
      ...baseConfig({ dir, name, mode, publicPath: '/' }),
      entry: { main: path.join(dir, 'src', 'index.ts') },
      plugins: [
        new ModuleFederationPlugin({
          name,
          remotes: {},
          shared,
          shareStrategy: SHARE_STRATEGY,
          dts: false,
          // The one federation runtime core of the page: remotes are built with externalRuntime and
          // use this one (docs/decisions/010). This is what `experiments.provideExternalRuntime` adds,
          // but through the plugin's ES module: that option require.resolve()s its CommonJS build,
          // which bundles a second, CommonJS copy of the runtime core (about 11 kB brotli) and hands
          // that copy to the remotes instead of the one the shell runs.
          runtimePlugins: [INJECT_RUNTIME_CORE_PLUGIN],
          experiments: { optimization: { target: 'web' } },
        }),
        // The singletons' versions, for the API's compatibility gate of remote deploys (docs/decisions/007).
        ...(production ? [new SharedVersionsPlugin(shared)] : []),
        new HtmlWebpackPlugin({
          template: path.join(dir, 'src', 'index.html'),
          favicon: path.join(dir, 'src', 'favicon.svg'),
          // main.js has no hash in its name (see output.filename): bust caches with a query instead.
          hash: true,
        }),
        // The files of the entry's and the layout's first load, for the API's index.html (docs/decisions/015).
        ...(production ? [new PreloadHintsPlugin({ groups: ['bootstrap', 'layout'] })] : []),
        // .br and .gz beside every text asset, served by the API with Content-Encoding (docs/decisions/010).
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      ...buildSettings(production),
      optimization: { ...buildSettings(production).optimization, splitChunks: startupChunk() },
      devServer: devServer(port, {
        historyApiFallback: true,
        proxy: [{ context: ['/api', '/remotes.json', '/remotes'], target: API_TARGET, changeOrigin: true }],
      }),
    };
  };
}

module.exports = { createShellConfig };
