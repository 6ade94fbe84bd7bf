import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { DataSource } from 'typeorm';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { TrackEntity } from '../../src/releases/entities/track.entity';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';

/**
 * Submit is atomic (docs/decisions/016): every check of POST /api/submissionButton runs inside the
 * transaction that moves the release to review, after the release row's lock. A track deleted at the
 * same moment never leaves a release in review without tracks.
 */
describe.each(ENGINES)('atomic submit on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());

  it('a submit racing the deletion of the only track: either the submit wins (the delete is 409) or the delete wins (the submit is 400); never in review without tracks', async () => {
    const db = t.app.get(DataSource);
    const outcomes = new Set<string>();
    for (let round = 0; round < 16; round++) {
      const r = await a.readyRelease();
      // Alternate who is sent first, so both orders of arrival are tried.
      const submit = () => a.post('submissionButton', { release_id: r.releaseId, terms: true });
      const del = () => a.post('deleteSongInfo', { audio_id: r.audioId });
      const [s, d] = round % 2 ? await Promise.all([submit(), del()]) : (await Promise.all([del(), submit()])).reverse();
      const release = await db.getRepository(ReleaseEntity).findOneByOrFail({ id: r.releaseId });
      const tracks = await db.getRepository(TrackEntity).countBy({ release_id: r.releaseId });
      if (s.status === 200) {
        expect([d.status, d.body.message]).toEqual([409, M.notEditable]);
        expect([release.status, tracks, release.number_of_tracks]).toEqual(['in_review', 1, 1]);
        outcomes.add('submit first');
      } else {
        expect([s.status, s.body.message]).toEqual([400, M.submitNeedsTrack]);
        expect(d.status).toBe(200);
        expect([release.status, tracks, release.number_of_tracks]).toEqual(['draft', 0, 0]);
        outcomes.add('delete first');
      }
    }
    // Whatever the interleaving, no release of this user sits in review without a track.
    const empty = await db
      .getRepository(ReleaseEntity)
      .createQueryBuilder('r')
      .where("r.status = 'in_review'")
      .andWhere('NOT EXISTS (SELECT 1 FROM tracks t WHERE t.release_id = r.id)')
      .getCount();
    expect(empty).toBe(0);
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('a failing check inside the transaction leaves the release a draft with its tracks untouched', async () => {
    const r = await a.readyRelease();
    await t.app.get(DataSource).getRepository(TrackEntity).update({ id: r.audioId }, { status: 2, title: '' });
    const res = await a.post('submissionButton', { release_id: r.releaseId, terms: true });
    expect([res.status, res.body.message]).toEqual([400, M.requiredFields]);
    const release = await t.app.get(DataSource).getRepository(ReleaseEntity).findOneByOrFail({ id: r.releaseId });
    const track = await t.app.get(DataSource).getRepository(TrackEntity).findOneByOrFail({ id: r.audioId });
    expect([release.status, release.submitted_at, track.status]).toEqual(['draft', null, 2]);
  });
});
