import { minReleaseDate, VIDEO_MESSAGES as M, videoReleaseSchema } from '@portal/contracts';
import { EMPTY_VIDEO_FORM, firstVideoError, videoPayload } from './video-form';

const errorsOf = async (payload: object): Promise<Record<string, string>> => {
  try {
    await videoReleaseSchema.validate(payload, { abortEarly: false, context: { now: Date.now() } });
    return {};
  } catch (e) {
    const out: Record<string, string> = {};
    for (const item of (e as { inner: Array<{ path?: string; message: string }> }).inner) if (item.path && !(item.path in out)) out[item.path] = item.message;
    return out;
  }
};
const titles = { release_title: 'Monsoon Nights', audio_title: 'Monsoon Nights' };
const filled = { ...EMPTY_VIDEO_FORM, thumbnail: 'a'.repeat(32) + '.jpg', release_id: '4', audio_id: '9', download_link: 'https://wetransfer.com/x', release_date: minReleaseDate() + 86_400_000, terms: true };

describe('video form payload and first message (areas §5)', () => {
  it('answers the terms message first, then the required message, then formats', async () => {
    expect(firstVideoError(await errorsOf(videoPayload(EMPTY_VIDEO_FORM, titles)))).toBe(M.acceptTerms);
    expect(firstVideoError(await errorsOf(videoPayload({ ...EMPTY_VIDEO_FORM, terms: true }, titles)))).toBe(M.fillAllFields);
    expect(firstVideoError(await errorsOf(videoPayload({ ...filled, video_upc: '036000291453' }, titles)))).toBe(M.upcCheckDigit);
    expect(firstVideoError(await errorsOf(videoPayload({ ...filled, video_isrc: 'IN-1' }, titles)))).toBe(M.isrcFormat);
    expect(firstVideoError(await errorsOf(videoPayload({ ...filled, download_link: 'www.x.com' }, titles)))).toBe(M.downloadLinkInvalid);
    expect(firstVideoError(await errorsOf(videoPayload({ ...filled, release_date: Date.now() }, titles)))).toBe(M.releaseDateMin);
    expect(await errorsOf(videoPayload(filled, titles))).toEqual({});
  });
  it('sends numbers for the chosen ids and the titles', () => {
    expect(videoPayload(filled, titles)).toMatchObject({ release_id: 4, audio_id: 9, release_title: 'Monsoon Nights' });
  });
});
