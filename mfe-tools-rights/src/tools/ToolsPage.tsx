import { useLocation } from 'react-router-dom';
import { PageHeader, Stack } from '@portal/kit';
import { LyricsMode } from './LyricsMode';
import { PlaylistPitchMode } from './PlaylistPitchMode';
import { ProfileLinkingMode } from './ProfileLinkingMode';
import { TOOL_HEADINGS, toolModeOf } from './tool-mode';

/**
 * Tools screen (areas §2): one screen, three modes chosen by path (/tools/profile-linking,
 * /marketing/playlist-pitchment, /tools/distribute-lyrics). Each mode is keyed by its path, so a mode
 * switch starts from an empty form and page 1 of its history.
 */
export default function ToolsPage() {
  const { pathname } = useLocation();
  const mode = toolModeOf(pathname);
  return (
    <Stack $gap={16}>
      <PageHeader title={TOOL_HEADINGS[mode]} />
      {mode === 'playlist' ? <PlaylistPitchMode key={mode} /> : mode === 'lyrics' ? <LyricsMode key={mode} /> : <ProfileLinkingMode key={mode} />}
    </Stack>
  );
}
