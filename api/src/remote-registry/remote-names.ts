import { DomainError } from '../common/domain-error';

/** Federation names of remotes: lower-case words joined by `_` (the manifest's `name`). */
const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** `mfe-releases` or `mfe_releases` → `mfe_releases`; throws DomainError 400 on anything else. */
export function remoteName(input: string): string {
  const name = (input ?? '').trim().replace(/-/g, '_');
  if (!NAME.test(name)) throw new DomainError(400, `"${input}" is not a remote name (e.g. mfe-releases).`, { code: 'bad_remote' });
  return name;
}
/** `mfe_releases` → `mfe-releases` (package dir and store folder). */
export const remoteDir = (name: string): string => name.replace(/_/g, '-');
