/** The three modes of the tools screen, chosen by path (areas §2 "Tools screen"). */
export type ToolMode = 'profile-linking' | 'playlist' | 'lyrics';

export const TOOL_HEADINGS: Record<ToolMode, string> = {
  'profile-linking': 'Profile Linking',
  playlist: 'Playlist Pitchment',
  lyrics: 'Distribute Lyrics',
};

/** /tools/profile-linking, /marketing/playlist-pitchment (or the misspelt /maketing/...), /tools/distribute-lyrics. */
export function toolModeOf(pathname: string): ToolMode {
  if (pathname.endsWith('/playlist-pitchment')) return 'playlist';
  if (pathname.endsWith('/distribute-lyrics')) return 'lyrics';
  return 'profile-linking';
}
