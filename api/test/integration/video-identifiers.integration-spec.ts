import request from 'supertest';
import { DataSource } from 'typeorm';
import { gs1CheckDigit, RELEASE_MESSAGES as R, VIDEO_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo, trackInfo } from '../helpers/releases-fixtures';
import { AssignedIdentifierEntity } from '../../src/identifiers/identifier.entities';
import { registryCode } from '../../src/identifiers/identifier-registry.service';
import { VideoReleaseEntity } from '../../src/video/entities/video-release.entity';
import { VideoReleasesService } from '../../src/video/video-releases.service';
import { cli } from '../helpers/staff';

const DAY = 86_400_000;

/**
 * The video release form's UPC and ISRC in the identifier registry (docs/decisions/016, docs/decisions/022):
 * on top of the form's format and GS1 check-digit checks, a video UPC identifies one
 * release (no audio release's, no other video's; the same video submitted again after a rejection
 * keeps it) and a video ISRC one owner's recording; claimed in the transaction that inserts the video,
 * so two saves of one code at the same moment end with exactly one winner (MariaDB with MYSQL_URL).
 */
describe.each(ENGINES)('video UPC and ISRC in the identifier registry on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let aSub: { releaseId: number; audioId: number };
  let bSub: { releaseId: number; audioId: number };
  let thumbA: string;
  let thumbB: string;
  const upc = (body11: string) => body11 + String(gs1CheckDigit(body11));
  const db = () => t.app.get(DataSource);

  const submitted = async (c: ReleasesClient, title: string, info: Record<string, unknown> = {}, track: Record<string, unknown> = {}) => {
    const r = await c.readyRelease({ info: { release_title: title, ...info }, track });
    const res = await c.post('submissionButton', { release_id: r.releaseId, terms: true });
    if (res.body.status !== 200) throw new Error(`submissionButton: ${JSON.stringify(res.body)}`);
    return { releaseId: r.releaseId, audioId: r.audioId };
  };
  const video = (c: ReleasesClient, sub: { releaseId: number; audioId: number }, thumbnail: string, codes: { video_upc?: string; video_isrc?: string }) =>
    request(t.http)
      .post('/api/submitVideoRelease')
      .set('Authorization', `Bearer ${c.token}`)
      .send({ terms: true, release_id: sub.releaseId, audio_id: sub.audioId, download_link: 'https://wetransfer.com/downloads/v1', thumbnail, release_date: Date.now() + 8 * DAY, video_upc: '', video_isrc: '', actor: '', actress: '', ...codes });
  const reject = (videoId: number) => t.app.get(VideoReleasesService).setStatus(videoId, 'rejected', 'Logo overlay');
  // The registry keeps a UPC in its GTIN-14 form (issue 38 item 8).
  const holders = (kind: 'upc' | 'isrc', code: string) => db().getRepository(AssignedIdentifierEntity).find({ where: { kind, code: registryCode(kind, code) } });

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    aSub = await submitted(a, 'Monsoon Nights', { upc_ean: upc('08100000001') }, { isrc_yes_no: 'Yes', isrc: 'IN-A1B-26-40001' });
    bSub = await submitted(b, 'Bee Song');
    thumbA = (await request(t.http).post('/api/thumbnailUpload').set('Authorization', `Bearer ${a.token}`).attach('image', media.gif(), 'a.gif').expect(200)).body.body.filename;
    thumbB = (await request(t.http).post('/api/thumbnailUpload').set('Authorization', `Bearer ${b.token}`).attach('image', media.gif(), 'b.gif').expect(200)).body.body.filename;
  }, 180_000);
  afterAll(async () => t?.close());

  it('UPC: still checked for format and check digit; an audio release’s or another video’s UPC is refused with nothing saved; the same video submitted again keeps it', async () => {
    expect((await video(b, bSub, thumbB, { video_upc: '081000000015' }).expect(400)).body.message).toBe(M.upcCheckDigit);
    // A's audio release carries this UPC: B's video may not.
    const before = await db().getRepository(VideoReleaseEntity).count();
    const taken = await video(b, bSub, thumbB, { video_upc: upc('08100000001') }).expect(400);
    expect(taken.body.message).toBe(M.upcInUse);
    expect(await db().getRepository(VideoReleaseEntity).count()).toBe(before);

    // B's video claims a free UPC: no audio release (of any account) and no other video may use it then.
    const code = upc('08100000002');
    const first = (await video(b, bSub, thumbB, { video_upc: code }).expect(200)).body.video_id as number;
    expect(await holders('upc', code)).toEqual([expect.objectContaining({ source: 'video', object_id: first, release_id: null })]);
    expect((await a.post('createReleaseInfo', releaseInfo(await a.artist('Asha Rao'), { upc_ean: code })).expect(400)).body.message).toBe(R.upcInUse);
    expect((await video(a, aSub, thumbA, { video_upc: code }).expect(400)).body.message).toBe(M.upcInUse);
    // Rejected, then submitted again for the same audio with the same UPC: the claim moves to the new video.
    await reject(first);
    const again = (await video(b, bSub, thumbB, { video_upc: code }).expect(200)).body.video_id as number;
    expect(await holders('upc', code)).toEqual([expect.objectContaining({ source: 'video', object_id: again })]);
    await reject(again);
  });

  it('ISRC: another account’s (track or video) is refused; the owner’s own recording may carry it; a video’s ISRC is then refused to another account’s track', async () => {
    // A's track holds IN-A1B-26-40001.
    expect((await video(b, bSub, thumbB, { video_isrc: 'INA1B2640001' }).expect(400)).body.message).toBe(M.isrcInUse);
    const own = (await video(a, aSub, thumbA, { video_isrc: 'in-a1b-26-40001' }).expect(200)).body.video_id as number;
    expect((await db().getRepository(VideoReleaseEntity).findOneByOrFail({ id: own })).video_isrc).toBe('INA1B2640001');
    await reject(own);
    // A new code on B's video belongs to B from then on.
    const bVideo = (await video(b, bSub, thumbB, { video_isrc: 'IN-B2C-26-40002' }).expect(200)).body.video_id as number;
    expect(await holders('isrc', 'INB2C2640002')).toEqual([expect.objectContaining({ source: 'video', object_id: bVideo })]);
    const r = await a.readyRelease();
    const audio = await a.file(media.mp3(), 'song.mp3', 'audio');
    const refused = await a.post('addSongInfo', trackInfo(r.releaseId, audio, r.artistId, { isrc_yes_no: 'Yes', isrc: 'IN-B2C-26-40002' })).expect(400);
    expect(refused.body.message).toBe(R.isrcInUse);
    await reject(bVideo);
  });

  it('concurrency: two accounts submitting one video UPC or ISRC at the same moment: exactly one wins, one registry row', async () => {
    for (let round = 0; round < 8; round++) {
      const kind = round % 2 === 0 ? 'upc' : 'isrc';
      const code = kind === 'upc' ? upc(`0820000${String(round).padStart(4, '0')}`) : `INC3D26${String(50000 + round)}`;
      const field = kind === 'upc' ? { video_upc: code } : { video_isrc: code };
      const answers = await Promise.all([video(a, aSub, thumbA, field), video(b, bSub, thumbB, field)]);
      const statuses = answers.map((x) => x.status).sort();
      expect({ round, statuses }).toEqual({ round, statuses: [200, 400] });
      const loser = answers.find((x) => x.status === 400)!;
      expect(loser.body.message).toBe(kind === 'upc' ? M.upcInUse : M.isrcInUse);
      const winner = answers.find((x) => x.status === 200)!.body.video_id as number;
      expect((await holders(kind, code)).map((h) => h.object_id)).toEqual([winner]);
      const column = kind === 'upc' ? 'video_upc' : 'video_isrc';
      expect(await db().getRepository(VideoReleaseEntity).countBy({ [column]: code })).toBe(1);
      await reject(winner);
    }
  });

  it('the CLI identifier-duplicates lists a video code left from before the registry (on an audio release too), and changes nothing', async () => {
    // Written before the registry: B's video carries A's audio release UPC and A's track ISRC.
    const planted = (await video(b, bSub, thumbB, {}).expect(200)).body.video_id as number;
    await db().getRepository(VideoReleaseEntity).update({ id: planted }, { video_upc: upc('08100000001'), video_isrc: 'INA1B2640001' });
    const lines = (await cli(t, 'identifier-duplicates', [])).split('\n');
    const upcLine = lines.find((l) => l.startsWith(`UPC ${upc('08100000001')} (video): `)) ?? '';
    expect(upcLine).toContain(`video ${planted} (user`);
    expect(upcLine).toContain(`release ${aSub.releaseId} (user`);
    const isrcLine = lines.find((l) => l.startsWith('ISRC INA1B2640001 (video): ')) ?? '';
    expect(isrcLine).toContain(`video ${planted} (user`);
    expect(isrcLine).toContain(`track ${aSub.audioId} (user`);
    // B's video submitted again after its rejection (same owner, same audio) is one video, not a duplicate.
    expect(lines.filter((l) => l.startsWith(`UPC ${upc('08100000002')}`))).toEqual([]);
    expect((await db().getRepository(VideoReleaseEntity).findOneByOrFail({ id: planted })).video_upc).toBe(upc('08100000001'));
    await reject(planted);
  });
});
