/** The rights screen's modes (areas §2): the whitelist path gives whitelist mode, otherwise UGC mode. */
export type RightsMode = 'ugc' | 'whitelist';

export const RIGHTS_HEADINGS: Record<RightsMode, string> = { ugc: 'UGC Claims', whitelist: 'Whitelist' };

export function rightsModeOf(pathname: string): RightsMode {
  return pathname.endsWith('/whitelist') ? 'whitelist' : 'ugc';
}
