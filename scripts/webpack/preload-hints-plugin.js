// The shell's first-load files by purpose, for the API's index.html (docs/decisions/015): which script
// files the entry loads for every page (the `bootstrap` chunk group and the shared libraries it
// consumes, i.e. the `startup` chunk, as this build provides them) and which ones the layout of protected routes adds (the `layout`
// chunk group and its shared libraries, e.g. dayjs). Written as `preload-hints.json` beside index.html:
//
//   { "bootstrap": ["/startup.bc36f7a3.js", "/bootstrap.0e6973f8.js"], "layout": ["/layout.d5848214.js", ...] }
//
// URLs carry the build's publicPath; a file of both lists is named once, in `bootstrap`. The API puts
// them in `<link rel=preload>` so the browser asks for them with the page instead of one round trip
// after main.js ran.
const HINTS_FILE = 'preload-hints.json';
const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

class PreloadHintsPlugin {
  /** @param {{ groups: string[] }} options  names of async chunk groups (`webpackChunkName`), in load order */
  constructor({ groups }) {
    this.groups = groups;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PreloadHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the chunk files have their final (content-hashed) names, before PrecompressPlugin.
        { name: 'PreloadHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath ?? '');
          const seen = new Set();
          const hints = {};
          for (const name of this.groups) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`PreloadHintsPlugin: no chunk group named "${name}" (webpackChunkName of an import())`);
            hints[name] = [...filesOf(compilation, group)].filter((file) => !seen.has(file)).map((file) => (seen.add(file), `${publicPath}${file}`));
          }
          compilation.emitAsset(HINTS_FILE, new sources.RawSource(`${JSON.stringify(hints, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * The .js files of a chunk group's chunks and, for every shared module those chunks consume, of the
 * chunks this build provides it from: the federation runtime resolves a consumed module to the
 * share scope's provider (the shell registers its own first), not to the consume's fallback, and the
 * two may sit in different chunks. A module this build does not provide falls back to its fallback.
 */
function filesOf(compilation, group) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const module of compilation.modules) if (module.type === PROVIDE_SHARED) providers.set(`${module._shareScope}|${module._name}`, module);
  const files = new Set();
  const visited = new Set();
  const visit = (chunkGroup) => {
    if (!chunkGroup || visited.has(chunkGroup)) return;
    visited.add(chunkGroup);
    for (const chunk of chunkGroup.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_SHARED) continue;
        const scopes = [].concat(module.options.shareScope);
        const provider = scopes.map((scope) => providers.get(`${scope}|${module.options.shareKey}`)).find(Boolean);
        for (const block of (provider ?? module).blocks) visit(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  visit(group);
  return files;
}

module.exports = { PreloadHintsPlugin, HINTS_FILE };
