import type { VideoStatus } from './video.limits';

/** Answer of the thumbnail upload: the stored name (what submitVideoRelease takes) and its public URL path. */
export type UploadedThumbnail = { filename: string; url: string; mime: string; size: number };
/** A row of the video catalogue (areas §2 /video-catalog, §3). release_date is epoch ms; thumbnail a URL path. */
export type VideoCatalogRow = {
  video_id: number;
  release_id: number;
  audio_id: number;
  status: VideoStatus;
  reason: string;
  thumbnail: string;
  release_title: string;
  audio_title: string;
  actor: string;
  actress: string;
  release_date: number;
  video_upc: string;
  video_isrc: string;
  download_link: string;
};
