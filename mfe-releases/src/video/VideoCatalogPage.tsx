import { RELEASE_UI } from '@portal/contracts';
import { ComingSoon } from './ComingSoon';

/** /video-catalog: placeholder until the video catalogue of areas §2 is built. */
export function VideoCatalogPage() {
  return <ComingSoon title={RELEASE_UI.video.catalogTitle} />;
}

export default VideoCatalogPage;
