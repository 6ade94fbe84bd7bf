import { compatibilityLine, describeIncompatibilities, findIncompatibilities, manifestNonSingletons, manifestSharedVersions } from './compatibility-gate';

describe('compatibility gate', () => {
  const shell = { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0', '@portal/kit': '0.1.0', yup: '1.7.1' };

  it('reads caret lines: majors, and 0.minor below 1.0', () => {
    expect(compatibilityLine('19.3.1')).toBe('19');
    expect(compatibilityLine('0.1.4')).toBe('0.1');
    expect(compatibilityLine('latest')).toBeNull();
  });

  it('accepts other minors and patches, and packages only one side shares', () => {
    expect(findIncompatibilities({ react: '19.0.0', 'react-dom': '19.9.9', '@portal/kit': '0.1.7', formik: '9.0.0' }, shell)).toEqual([]);
    expect(findIncompatibilities({ react: '19.0.0', 'react-dom': '19.9.9', yup: '1.0.0' }, shell)).toEqual([]);
  });

  it('refuses another major (or another 0.x line of the kit) and names both versions', () => {
    const problems = findIncompatibilities({ react: '18.3.1', 'react-dom': '19.3.1', '@portal/kit': '0.2.0', yup: '0.32.0' }, shell);
    expect(problems).toEqual([
      { package: 'react', candidate: '18.3.1', shell: '19.3.1' },
      { package: '@portal/kit', candidate: '0.2.0', shell: '0.1.0' },
      { package: 'yup', candidate: '0.32.0', shell: '1.7.1' },
    ]);
    expect(describeIncompatibilities('mfe_releases', '0.1.0-abc', problems.slice(0, 1))).toBe(
      'mfe_releases 0.1.0-abc refused: built against an incompatible major: react 18.3.1 (the shell has react 19.3.1). The live version stays.',
    );
  });

  it('gates the kit shared as its stateful modules (@portal/kit/<module>) against a whole-kit build, both ways', () => {
    const split = { react: '19.3.1', 'react-dom': '19.3.1', '@portal/kit/session-store': '0.2.0', '@portal/kit/dialog': '0.2.0' };
    expect(findIncompatibilities(split, shell)).toEqual([{ package: '@portal/kit', candidate: '0.2.0', shell: '0.1.0' }]);
    const react = { react: '19.3.1', 'react-dom': '19.3.1' };
    expect(findIncompatibilities({ ...react, '@portal/kit': '0.1.3' }, split)).toEqual([{ package: '@portal/kit', candidate: '0.1.3', shell: '0.2.0' }]);
    expect(findIncompatibilities({ ...react, '@portal/kit/session-store': '0.2.4' }, split)).toEqual([]);
  });

  it('gates every package the shell shares, also ones added to its shared config later', () => {
    const later = { ...shell, ky: '1.14.3', dayjs: '1.11.23', 'react-hot-toast': '2.6.1', 'some-new-singleton': '3.0.0' };
    const candidate = { react: '19.3.1', 'react-dom': '19.3.1', ky: '0.33.0', dayjs: '2.0.0', 'react-hot-toast': '3.0.0', 'some-new-singleton': '4.1.0' };
    expect(findIncompatibilities(candidate, later).map((p) => p.package)).toEqual(['ky', 'dayjs', 'react-hot-toast', 'some-new-singleton']);
  });

  it('refuses a remote built against another major of the data layer (docs/decisions/025)', () => {
    const withQuery = { ...shell, '@tanstack/react-query': '5.108.0' };
    const react = { react: '19.3.1', 'react-dom': '19.3.1' };
    expect(findIncompatibilities({ ...react, '@tanstack/react-query': '5.90.0' }, withQuery)).toEqual([]);
    expect(findIncompatibilities({ ...react, '@tanstack/react-query': '4.36.1' }, withQuery)).toEqual([
      { package: '@tanstack/react-query', candidate: '4.36.1', shell: '5.108.0' },
    ]);
  });

  it('refuses a remote that bundles its own React instead of sharing it', () => {
    const problems = findIncompatibilities({ zustand: '5.0.0', '@portal/kit': '0.1.0' }, shell);
    expect(problems).toEqual([
      { package: 'react', candidate: 'bundled', shell: '19.3.1' },
      { package: 'react-dom', candidate: 'bundled', shell: '19.3.1' },
    ]);
    expect(describeIncompatibilities('mfe_releases', '0.1.0-x', problems)).toBe(
      "mfe_releases 0.1.0-x refused: it bundles its own react and react-dom instead of sharing the shell's (react 19.3.1, react-dom 19.3.1). The live version stays.",
    );
  });

  it('reads a manifest’s shared list', () => {
    expect(manifestSharedVersions({ shared: [{ name: 'react', version: '19.3.1' }, { name: 'react', version: '1' }, { bad: 1 }] })).toEqual({ react: '19.3.1' });
    expect(manifestSharedVersions(null)).toEqual({});
  });

  describe('issue 34 §7: every kit entry, singleton, subpaths', () => {
    const split = { react: '19.3.1', 'react-dom': '19.3.1', '@portal/kit/session-store': '0.2.0', '@portal/kit/dialog': '0.2.0', '@portal/kit/history-guard': '0.2.0' };

    it('refuses kit modules of mixed versions, whichever entry comes first', () => {
      for (const candidate of [
        { ...split, '@portal/kit/history-guard': '0.1.0' },
        { react: '19.3.1', 'react-dom': '19.3.1', '@portal/kit/dialog': '0.3.0', '@portal/kit/session-store': '0.2.0' },
      ]) {
        const problems = findIncompatibilities(candidate, split);
        expect(problems).toEqual([{ package: '@portal/kit', candidate: expect.stringMatching(/@portal\/kit\/\S+ 0\.\d\.0, /), shell: '0.2.0', problem: 'mixed_kit' }]);
        expect(describeIncompatibilities('mfe_releases', '0.2.0-x', problems)).toMatch(/^mfe_releases 0\.2\.0-x refused: it mixes kit versions \(.*\): every @portal\/kit module must come from one kit build \(the shell has @portal\/kit 0\.2\.0\)\. The live version stays\.$/);
      }
      expect(findIncompatibilities(split, split)).toEqual([]);
    });

    it('refuses React, react-dom (or any package the shell shares) shared as singleton: false', () => {
      // The manifest leaves `singleton` out for prefix and path-keyed shares (react/jsx-runtime, kit modules) built as singletons.
      const manifest = {
        shared: [
          { name: 'react', version: '19.3.1', singleton: false },
          { name: 'react-dom', version: '19.3.1', singleton: false },
          { name: 'react/jsx-runtime', version: '19.3.1' },
          { name: 'zustand', version: '5.0.0', singleton: true },
          { name: 'lodash', version: '4.0.0', singleton: false },
        ],
      };
      const nonSingletons = manifestNonSingletons(manifest);
      expect(nonSingletons).toEqual(['react', 'react-dom', 'lodash']);
      const problems = findIncompatibilities(manifestSharedVersions(manifest), shell, nonSingletons);
      expect(problems).toEqual([
        { package: 'react', candidate: '19.3.1', shell: '19.3.1', problem: 'not_singleton' },
        { package: 'react-dom', candidate: '19.3.1', shell: '19.3.1', problem: 'not_singleton' },
      ]);
      expect(describeIncompatibilities('mfe_releases', '0.1.0-ns', problems)).toBe(
        'mfe_releases 0.1.0-ns refused: it shares react 19.3.1, react-dom 19.3.1 as singleton: false, so the page could run a second copy beside the shell\'s (every package the shell shares must be a singleton). The live version stays.',
      );
    });

    it('refuses a react/jsx-runtime (or another subpath) of another major than the shell’s package', () => {
      const problems = findIncompatibilities({ react: '19.3.1', 'react-dom': '19.3.1', 'react/jsx-runtime': '18.3.1', 'react-dom/client': '19.0.0' }, shell);
      expect(problems).toEqual([{ package: 'react/jsx-runtime', candidate: '18.3.1', shell: '19.3.1' }]);
      expect(describeIncompatibilities('mfe_releases', '0.1.0-jsx', problems)).toBe(
        'mfe_releases 0.1.0-jsx refused: built against an incompatible major: react/jsx-runtime 18.3.1 (the shell has react 19.3.1). The live version stays.',
      );
      expect(findIncompatibilities({ react: '19.3.1', 'react-dom': '19.3.1', 'react/jsx-runtime': '19.0.1' }, shell)).toEqual([]);
    });
  });
});
