import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The shell's shared singleton versions the test bundles are built against. */
export const SHELL = { react: '19.3.1', 'react-dom': '19.3.1' };

/**
 * A deployable remote bundle under `root/<name>-<version>`: version.json, an mf-manifest.json sharing
 * SHELL's singletons and exposing ./CatalogPage, its remoteEntry.js and one content-named chunk.
 * Answers the folder.
 */
export function makeBundle(root: string, version: string, name = 'mfe_releases'): string {
  const dir = join(root, `${name}-${version}`);
  mkdirSync(dir, { recursive: true });
  const chunk = `465.${version.replace(/\W/g, '')}.js`;
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ name, version, buildId: version, commit: 'c1', shared: SHELL }));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: Object.entries(SHELL).map(([n, v]) => ({ name: n, version: v, singleton: true })),
      exposes: [{ path: './CatalogPage', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }],
    }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), `var ${name};`);
  writeFileSync(join(dir, chunk), '1');
  return dir;
}
