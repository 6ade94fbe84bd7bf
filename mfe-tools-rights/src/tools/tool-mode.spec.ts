import { toolModeOf } from './tool-mode';

describe('toolModeOf', () => {
  it('chooses the mode from the path (areas §2)', () => {
    expect(toolModeOf('/tools/profile-linking')).toBe('profile-linking');
    expect(toolModeOf('/marketing/playlist-pitchment')).toBe('playlist');
    expect(toolModeOf('/maketing/playlist-pitchment')).toBe('playlist');
    expect(toolModeOf('/tools/distribute-lyrics')).toBe('lyrics');
  });
});
