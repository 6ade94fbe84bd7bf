import { ReleaseGate } from '@portal/kit';
import { RELEASE_UI } from '@portal/contracts';
import { ComingSoon } from './ComingSoon';

/** /create_video_releases: gated like every release-creation screen (areas §2 "Gates"); placeholder form. */
export function VideoReleasePage() {
  return (
    <ReleaseGate>
      <ComingSoon title={RELEASE_UI.video.releaseTitle} />
    </ReleaseGate>
  );
}

export default VideoReleasePage;
