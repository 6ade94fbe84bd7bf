// Precompressed copies of the text assets of a production build (docs/decisions/010): beside every `x.js`,
// `x.css`, `x.html`, `x.json`, `x.svg`, `x.txt` of 1 KB or more, `x.js.br` (brotli, quality 11) and
// `x.js.gz` (gzip, level 9), so the servers (api/src/common/http/precompressed.ts,
// scripts/serve-remote.js) answer them with Content-Encoding without compressing per request.
// Source maps are left alone: only developer tools fetch them.
// Written here instead of compression-webpack-plugin: two zlib calls, no extra dependency.
const zlib = require('node:zlib');

const TEXT = /\.(js|mjs|css|html|json|svg|txt)$/i;
const MIN_BYTES = 1024;

/** The brotli and gzip bytes of `buffer` (the encodings the servers negotiate, best first). */
function compressBoth(buffer, isText = true) {
  return {
    br: zlib.brotliCompressSync(buffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: isText ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gz: zlib.gzipSync(buffer, { level: 9 }),
  };
}

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After every other plugin changed or added assets (html-webpack-plugin, the federation manifest).
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!TEXT.test(name)) continue;
            const buffer = assets[name].buffer();
            if (buffer.length < MIN_BYTES) continue;
            const { br, gz } = compressBoth(buffer);
            const info = { compressed: true, immutable: compilation.getAsset(name)?.info?.immutable };
            // Only when smaller: a server that finds no .br serves the plain file.
            if (br.length < buffer.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br), info);
            if (gz.length < buffer.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), info);
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin, compressBoth };
