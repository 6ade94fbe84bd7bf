import { VIDEO_MESSAGES, VIDEO_UI, videoReleaseSchema, type VideoReleaseDto } from '@portal/contracts';

/** Values of the video release form (areas §2 /create_video_releases): ids as the selects hold them ('' = none). */
export type VideoFormValues = {
  thumbnail: string;
  release_id: string;
  audio_id: string;
  download_link: string;
  video_upc: string;
  video_isrc: string;
  actor: string;
  actress: string;
  release_date: number | null;
  terms: boolean;
};

export const EMPTY_VIDEO_FORM: VideoFormValues = {
  thumbnail: '',
  release_id: '',
  audio_id: '',
  download_link: '',
  video_upc: '',
  video_isrc: '',
  actor: '',
  actress: '',
  release_date: null,
  terms: false,
};

/**
 * The submitVideoRelease payload of the form (areas §7: the form fields plus release_id, release_title
 * and audio_title). Empty ids and an unchosen date stay empty so the schema answers its messages.
 */
export function videoPayload(values: VideoFormValues, titles: { release_title: string; audio_title: string }): Partial<VideoReleaseDto> & Record<string, unknown> {
  return {
    terms: values.terms,
    release_id: values.release_id === '' ? undefined : Number(values.release_id),
    audio_id: values.audio_id === '' ? undefined : Number(values.audio_id),
    download_link: values.download_link,
    thumbnail: values.thumbnail,
    release_date: values.release_date ?? undefined,
    video_upc: values.video_upc,
    video_isrc: values.video_isrc,
    actor: values.actor,
    actress: values.actress,
    release_title: titles.release_title,
    audio_title: titles.audio_title,
  };
}

/** Field order of the schema: the order the messages are answered in (terms first, areas §5). */
export const VIDEO_FIELD_ORDER = Object.keys(videoReleaseSchema.fields);

/** The message a failed submit shows as a toast: the first failing field's, in the schema's order (as the API answers). */
export function firstVideoError(errors: Record<string, unknown>): string | null {
  for (const key of VIDEO_FIELD_ORDER) {
    const message = errors[key];
    if (typeof message === 'string' && message) return message;
  }
  const any = Object.values(errors).find((m): m is string => typeof m === 'string' && m !== '');
  return any ?? null;
}

/** A field's own error line: a missing field says so briefly; the toast carries the spec's sentence. */
export const fieldMessage = (message: string | undefined): string | undefined =>
  message === VIDEO_MESSAGES.fillAllFields ? VIDEO_UI.form.requiredField : message;
