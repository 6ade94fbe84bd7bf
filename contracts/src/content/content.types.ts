/** A dashboard news item (areas §3 News item). created_at epoch ms. */
export type NewsItem = { news_id: number; news_heading: string; news_link: string; created_at: number };
/** A dashboard update video (areas §3 Video link): `video_link` is a YouTube video id; `title` may be ''. */
export type VideoLink = { video_link_id: number; video_link: string; title: string; created_at: number };
