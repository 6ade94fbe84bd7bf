import * as yup from 'yup';
import { idField, pagingFields } from '../common/query.schemas';
import { isHttpUrl } from '../video/video.schemas';
import { CONTENT_MESSAGES as M } from './content.messages';

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube id or link (youtu.be/ID, youtube.com/watch?v=ID, /embed/ID, /shorts/ID,
 * youtube-nocookie.com/embed/ID), or null when it holds none.
 */
export function youtubeId(input: string): string | null {
  const raw = input.trim();
  if (YOUTUBE_ID_PATTERN.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    id = url.searchParams.get('v') ?? (/^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? null);
  }
  return id && YOUTUBE_ID_PATTERN.test(id) ? id : null;
}

/** A news item an operator adds (CLI `news add`): heading ≤ 255 characters, an http(s) link. */
export const newsItemSchema = yup.object({
  news_heading: yup.string().trim().required(M.headingRequired).max(255, M.headingRequired),
  news_link: yup
    .string()
    .trim()
    .required(M.linkInvalid)
    .max(1000, M.linkInvalid)
    .test('http-url', M.linkInvalid, (v) => typeof v === 'string' && isHttpUrl(v)),
});
export type NewsItemDto = yup.InferType<typeof newsItemSchema>;

/** An update video an operator adds (CLI `video-link add`): a YouTube id or link (stored as the id), an optional title. */
export const videoLinkSchema = yup.object({
  video_link: yup
    .string()
    .trim()
    .required(M.videoIdInvalid)
    .transform((v: unknown) => (typeof v === 'string' ? (youtubeId(v) ?? v) : v))
    .matches(YOUTUBE_ID_PATTERN, M.videoIdInvalid),
  title: yup.string().trim().max(255, M.titleTooLong).optional().default(''),
});
export type VideoLinkDto = yup.InferType<typeof videoLinkSchema>;

/** Paging of the dashboard lists: 20 by default, at most 100, newest first. */
export const contentListQuerySchema = yup.object({ ...pagingFields(20, 100) });
export type ContentListQueryDto = yup.InferType<typeof contentListQuerySchema>;

/** An id of a content row (CLI remove). */
export const contentIdSchema = yup.object({ id: idField('Not found.') });

export const newsDocSchema = yup.object({ news_id: yup.number().integer().required(), news_heading: yup.string().required(), news_link: yup.string().required(), created_at: yup.number().integer().required() });
export const videoLinkDocSchema = yup.object({
  video_link_id: yup.number().integer().required(),
  video_link: yup.string().required().meta({ description: 'YouTube video id' }),
  title: yup.string().required(),
  created_at: yup.number().integer().required(),
});
