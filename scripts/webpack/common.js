// Pieces every portal webpack config uses (shell and remotes).
const path = require('node:path');

/** ts-loader for .ts/.tsx of the package itself; type checking is `npm run typecheck` (tsc --noEmit). */
function typescriptRule(dir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('ts-loader'),
      // rootDir: the repository, since contracts/src and kit/src are compiled here too (WORKSPACE_SOURCES).
      options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json'), compilerOptions: { rootDir: path.resolve(__dirname, '..', '..') } },
    },
  };
}

function assetRules() {
  return [
    { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 8 * 1024 } } },
    { test: /\.(woff2?|ttf|otf)$/i, type: 'asset/resource' },
  ];
}

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The workspace libraries are compiled from their TypeScript sources (docs/decisions/010), not from their
 * CommonJS dist/ (which webpack cannot tree-shake): each container then bundles only the contracts
 * it and the kit use (texts, schemas, limits) instead of the whole package. The API and Jest keep
 * using dist/ through package.json `main`.
 */
const WORKSPACE_SOURCES = {
  '@portal/contracts$': path.join(ROOT, 'contracts', 'src', 'index.ts'),
  '@portal/kit$': path.join(ROOT, 'kit', 'src', 'index.ts'),
};

function resolveOptions() {
  return {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    alias: WORKSPACE_SOURCES,
  };
}

/**
 * The contracts' and the kit's modules only declare data, functions and components (no import is
 * made for its effect): unused exports may be dropped, so a container bundles only the kit pieces it
 * uses (docs/decisions/010).
 */
function workspaceRules() {
  return [
    { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
    { test: /[\\/]kit[\\/]src[\\/]/, sideEffects: false },
  ];
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

/**
 * The part of a webpack config the shell and every remote share: mode, context, source maps, the
 * output folder (`dist/`, entries under a stable name and content-hashed chunks in production: with
 * webpack 5.111 a hash in an entry name breaks the federation runtime module,
 * module-federation/core#5077), resolution and module rules. `publicPath`: '/' for the shell, 'auto'
 * for a remote (served from any folder or port).
 */
function baseConfig({ dir, name, mode, publicPath }) {
  const production = mode === 'production';
  return {
    mode,
    context: dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: resolveOptions(),
    module: { rules: [typescriptRule(dir), ...assetRules(), ...workspaceRules()] },
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

module.exports = { typescriptRule, assetRules, workspaceRules, resolveOptions, baseConfig, CORS_HEADERS, API_TARGET, modeOf, buildSettings, devServer };
