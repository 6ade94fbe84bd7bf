// Pieces every portal webpack config uses (shell and remotes).
const path = require('node:path');

/** ts-loader for .ts/.tsx of the package itself; type checking is `npm run typecheck` (tsc --noEmit). */
function typescriptRule(dir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('ts-loader'),
      options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
    },
  };
}

function assetRules() {
  return [
    { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 8 * 1024 } } },
    { test: /\.(woff2?|ttf|otf)$/i, type: 'asset/resource' },
  ];
}

function resolveOptions() {
  return {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  };
}

/** Dev-server headers: the shell on one port loads remotes from other ports (TOOLCHAIN.md). */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** The API (and the remote registry it serves) in development. */
const API_TARGET = process.env.PORTAL_API_URL || 'http://localhost:8080';

function modeOf(argv) {
  return argv && argv.mode === 'development' ? 'development' : 'production';
}

/** Build settings the shell and every remote share (ids, size hints off, terse stats). */
function buildSettings(production) {
  return {
    optimization: { moduleIds: production ? 'deterministic' : 'named' },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}

/** Dev-server settings the shell and every remote share; `extra` adds or overrides per package. */
function devServer(port, extra) {
  return {
    port,
    host: '0.0.0.0',
    allowedHosts: 'all',
    headers: CORS_HEADERS,
    hot: false,
    liveReload: true,
    client: { overlay: { errors: true, warnings: false } },
    ...extra,
  };
}

module.exports = { typescriptRule, assetRules, resolveOptions, CORS_HEADERS, API_TARGET, modeOf, buildSettings, devServer };
