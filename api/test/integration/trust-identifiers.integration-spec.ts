import request from 'supertest';
import { identifierSettings } from '../../src/identifiers/identifiers.settings';
import { gs1CheckDigit, gtin14, hasValidGs1CheckDigit, OPS_MESSAGES as O, RELEASE_MESSAGES as M } from '@portal/contracts';
import { DataSource } from 'typeorm';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { TrackEntity } from '../../src/releases/entities/track.entity';
import { AssignedIdentifierEntity, IdentifierCounterEntity } from '../../src/identifiers/identifier.entities';
import { IdentifierRegistry1764622000000 } from '../../src/database/migrations/1764622000000-identifier-registry';
import { IdentifierForms1765550000000 } from '../../src/database/migrations/1765550000000-identifier-forms';
import { ReleaseReviewService } from '../../src/ops/review/release-review.service';
import { CLI_ACTOR } from '../../src/audit/audit.service';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient, releaseInfo } from '../helpers/releases-fixtures';
import { cli, createStaff } from '../helpers/staff';

/**
 * Identifiers are unique on the platform (docs/decisions/016): a UPC identifies one release, an ISRC
 * one recording of one owner (their re-release may keep it). Checked at save (format, GS1 check
 * digit, registry in the same transaction), skipped by approval's assignment, warned about on the
 * review screen, listed (never changed) by the CLI, and never shared under concurrency on MariaDB.
 */
describe.each(ENGINES)('identifiers unique on the platform on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let aArtist: number;
  let bArtist: number;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  /** Codes the review test planted as a duplicate from before the registry (the only ones allowed to repeat). */
  const planted = { upc: '', isrc: '' };
  const upc = (body11: string) => body11 + String(gs1CheckDigit(body11));
  const db = () => t.app.get(DataSource);
  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const submit = async (c: ReleasesClient, info: Record<string, unknown> = {}, track: Record<string, unknown> = {}) => {
    const r = await c.readyRelease({ info, track });
    const res = await c.post('submissionButton', { release_id: r.releaseId, terms: true });
    if (res.body.status !== 200) throw new Error(`submit: ${JSON.stringify(res.body)}`);
    return r;
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    aArtist = await a.artist('Asha Rao');
    bArtist = await b.artist('Ravi Kumar');
    reviewer = await createStaff(t, 'reviewer');
  });
  afterAll(async () => t?.close());

  it('UPC/EAN: format and GS1 check digit at save; one release per UPC across accounts; a changed or deleted draft gives its UPC back', async () => {
    const code = upc('03600029145');
    expect((await a.post('createReleaseInfo', releaseInfo(aArtist, { upc_ean: '036000291453' })).expect(400)).body.message).toBe(M.upcCheckDigit);
    expect((await a.post('createReleaseInfo', releaseInfo(aArtist, { upc_ean: '03600029145' })).expect(400)).body.message).toBe(M.upcFormat);
    const first = await a.draft(releaseInfo(aArtist, { upc_ean: code }));
    // Saving the same release again with its UPC is fine; another release (of any account) is refused.
    await a.post('updateReleaseInfo', { release_id: first, ...releaseInfo(aArtist, { upc_ean: code }) }).expect(200);
    expect((await a.post('createReleaseInfo', releaseInfo(aArtist, { upc_ean: code })).expect(400)).body.message).toBe(M.upcInUse);
    const other = await b.draft(releaseInfo(bArtist));
    const taken = await b.post('updateReleaseInfo', { release_id: other, ...releaseInfo(bArtist, { upc_ean: code }) }).expect(400);
    expect(taken.body.message).toBe(M.upcInUse);
    expect((await db().getRepository(ReleaseEntity).findOneByOrFail({ id: other })).upc_ean).toBe('');
    // The first release changes its UPC: the old code is free for B now.
    await a.post('updateReleaseInfo', { release_id: first, ...releaseInfo(aArtist, { upc_ean: upc('03600029146') }) }).expect(200);
    await b.post('updateReleaseInfo', { release_id: other, ...releaseInfo(bArtist, { upc_ean: code }) }).expect(200);
    // Deleting B's draft gives the code back too.
    await b.post('deleteDraft', { release_id: other }).expect(200);
    await a.draft(releaseInfo(aArtist, { upc_ean: code }));
  });

  it('ISRC: stored compact; another account never may use it (with or without hyphens); the owner’s re-release may', async () => {
    const ra = await a.readyRelease({ track: { isrc_yes_no: 'Yes', isrc: 'in-a1b-26-00077' } });
    const stored = await db().getRepository(TrackEntity).findOneByOrFail({ id: ra.audioId });
    expect(stored.isrc).toBe('INA1B2600077');
    const rb = await b.readyRelease();
    const refused = await b.post('updateSongInfo', { audio_id: rb.audioId, ...(await trackOf(rb.audioId)), isrc_yes_no: 'Yes', isrc: 'IN-A1B-26-00077' }).expect(400);
    expect(refused.body.message).toBe(M.isrcInUse);
    expect((await b.post('addSongInfo', { ...(await trackOf(rb.audioId)), release_id: rb.releaseId, isrc_yes_no: 'Yes', isrc: 'INA1B2600077' }).expect(400)).body.message).toBe(M.isrcInUse);
    // A re-release of the same recording by its owner keeps the ISRC.
    await a.readyRelease({ track: { isrc_yes_no: 'Yes', isrc: 'INA1B2600077' } });
    expect(await db().getRepository(TrackEntity).countBy({ isrc: 'INA1B2600077' })).toBe(2);
  });

  it('approval skips every code already in use (entered by artists in the range it hands out)', async () => {
    const { gs1Prefix, isrcCountry, isrcRegistrant } = identifierSettings.of(t.config);
    const counters = db().getRepository(IdentifierCounterEntity);
    const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
    const nextUpc = ((await counters.findOneBy({ name: 'upc' }))?.value ?? 0) + 1;
    const nextIsrc = ((await counters.findOneBy({ name: `isrc:${yy}` }))?.value ?? 0) + 1;
    const digits = 11 - gs1Prefix.length;
    const upcNext = upc(gs1Prefix + String(nextUpc).padStart(digits, '0'));
    const isrcNext = `${isrcCountry}${isrcRegistrant}${yy}${String(nextIsrc).padStart(5, '0')}`;
    // B types the very codes approval would hand out next.
    await b.readyRelease({ info: { upc_ean: upcNext }, track: { isrc_yes_no: 'Yes', isrc: isrcNext } });
    const r = await submit(a);
    const approved = await as(reviewer.token).post('ops/releases/approve', { release_id: r.releaseId }).expect(200);
    expect(hasValidGs1CheckDigit(approved.body.body.upc_ean)).toBe(true);
    expect(approved.body.body.upc_ean).not.toBe(upcNext);
    expect(approved.body.body.isrcs).toHaveLength(1);
    expect(approved.body.body.isrcs[0]).not.toBe(isrcNext);
  });

  it('review: a release carrying another release’s codes (left from before the registry) is flagged with a link, refused at approval, and listed by the CLI unchanged', async () => {
    const live = await submit(a);
    const approved = (await as(reviewer.token).post('ops/releases/approve', { release_id: live.releaseId }).expect(200)).body.body;
    // A duplicate written before the registry existed (the migration registers the first holder only).
    const dup = await submit(b);
    await db().getRepository(ReleaseEntity).update({ id: dup.releaseId }, { upc_ean: approved.upc_ean });
    await db().getRepository(TrackEntity).update({ id: dup.audioId }, { isrc: approved.isrcs[0], isrc_yes_no: 'Yes' });
    Object.assign(planted, { upc: approved.upc_ean, isrc: approved.isrcs[0] });

    const detail = (await as(reviewer.token).get('ops/releases/detail', { release_id: dup.releaseId }).expect(200)).body.body;
    expect(detail.identifier_conflicts).toEqual([
      expect.objectContaining({ kind: 'upc', code: approved.upc_ean, track_id: null, release_id: live.releaseId, same_owner: false, user_email: expect.stringContaining('@') }),
      expect.objectContaining({ kind: 'isrc', code: approved.isrcs[0], track_id: dup.audioId, release_id: live.releaseId, same_owner: false }),
    ]);
    const refused = await as(reviewer.token).post('ops/releases/approve', { release_id: dup.releaseId }).expect(409);
    expect(refused.body.message).toBe(O.identifierTaken.replace('{kind}', 'UPC').replace('{code}', approved.upc_ean).replace('{release_id}', String(live.releaseId)));
    expect((await db().getRepository(ReleaseEntity).findOneByOrFail({ id: dup.releaseId })).status).toBe('in_review');

    const listed = await cli(t, 'identifier-duplicates', []);
    expect(listed).toContain(`UPC ${approved.upc_ean}: release ${live.releaseId} (user`);
    expect(listed).toContain(`release ${dup.releaseId} (user`);
    expect(listed).toContain(`ISRC ${approved.isrcs[0]}:`);
    // Listed, not changed.
    expect((await db().getRepository(ReleaseEntity).findOneByOrFail({ id: dup.releaseId })).upc_ean).toBe(approved.upc_ean);
    // The one release's own detail shows no warning about itself.
    expect((await as(reviewer.token).get('ops/releases/detail', { release_id: live.releaseId })).body.body.identifier_conflicts.map((c: { release_id: number }) => c.release_id)).toEqual([dup.releaseId, dup.releaseId]);
  });

  it('concurrency: two accounts saving one UPC or one ISRC at the same moment, and approvals racing: never two releases with one UPC, never two owners of one ISRC', async () => {
    for (let round = 0; round < 8; round++) {
      const code = upc(`0771${String(round).padStart(7, '0')}`);
      const da = await a.draft(releaseInfo(aArtist));
      const dbb = await b.draft(releaseInfo(bArtist));
      const answers = await Promise.all([
        a.post('updateReleaseInfo', { release_id: da, ...releaseInfo(aArtist, { upc_ean: code }) }),
        b.post('updateReleaseInfo', { release_id: dbb, ...releaseInfo(bArtist, { upc_ean: code }) }),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      expect(answers.find((x) => x.status === 400)!.body.message).toBe(M.upcInUse);
      expect(await db().getRepository(ReleaseEntity).countBy({ upc_ean: code })).toBe(1);
    }
    const ra = await a.readyRelease();
    const rb = await b.readyRelease();
    for (let round = 0; round < 8; round++) {
      const isrc = `QZK6P26${String(90000 + round)}`;
      const answers = await Promise.all([
        a.post('updateSongInfo', { audio_id: ra.audioId, ...(await trackOf(ra.audioId)), isrc_yes_no: 'Yes', isrc }),
        b.post('updateSongInfo', { audio_id: rb.audioId, ...(await trackOf(rb.audioId)), isrc_yes_no: 'Yes', isrc }),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      expect(answers.find((x) => x.status === 400)!.body.message).toBe(M.isrcInUse);
    }
    // One owner putting a new ISRC on two of their releases at the same moment (a re-release): both pass.
    const ra2 = await a.readyRelease();
    for (let round = 0; round < 8; round++) {
      const isrc = `QZK6P26${String(80000 + round)}`;
      const answers = await Promise.all(
        [ra, ra2].map(async (r) => a.post('updateSongInfo', { audio_id: r.audioId, ...(await trackOf(r.audioId)), isrc_yes_no: 'Yes', isrc })),
      );
      expect(answers.map((x) => [x.status, x.body.message])).toEqual([
        [200, answers[0]!.body.message],
        [200, answers[1]!.body.message],
      ]);
    }
    // Approvals at the same moment (two reviewers) hand out distinct codes.
    const second = await createStaff(t, 'reviewer');
    const queued = [];
    for (let i = 0; i < 6; i++) queued.push((await submit(i % 2 ? a : b)).releaseId);
    const outcomes = await Promise.all(queued.map((id, i) => as((i % 2 ? reviewer : second).token).post('ops/releases/approve', { release_id: id })));
    expect(outcomes.map((o) => o.status)).toEqual(queued.map(() => 200));

    // Whatever happened above: no UPC on two releases, no ISRC on tracks of two owners.
    const upcDup: Array<{ upc_ean: string }> = await db().query(`SELECT upc_ean FROM releases WHERE upc_ean <> '' GROUP BY upc_ean HAVING COUNT(*) > 1`);
    const isrcDup: Array<{ isrc: string }> = await db().query(`SELECT isrc FROM tracks WHERE isrc <> '' GROUP BY isrc HAVING COUNT(DISTINCT user_id) > 1`);
    // Only the duplicate the review test wrote straight into the database (as old data) repeats.
    expect(upcDup.map((r) => r.upc_ean).filter((c) => c !== planted.upc)).toEqual([]);
    expect(isrcDup.map((r) => r.isrc).filter((c) => c !== planted.isrc)).toEqual([]);
  });

  it('migration: existing codes are registered for their first holder, ISRCs compacted, duplicates left as they are (and listed)', async () => {
    const m = new IdentifierRegistry1764622000000();
    const approvedRelease = await submit(a);
    const approved = await t.app.get(ReleaseReviewService).approve(approvedRelease.releaseId, CLI_ACTOR);
    const r1 = await a.readyRelease();
    const r2 = await b.readyRelease();
    const r3 = await a.readyRelease();
    const runner = db().createQueryRunner();
    try {
      await m.down(runner);
      // Data as it was before the registry: one UPC on two releases of two accounts, one ISRC (written
      // with and without hyphens) on tracks of two owners, and an owner's re-release.
      const legacyUpc = upc('05099990001');
      await runner.query(`UPDATE releases SET upc_ean = '${legacyUpc}' WHERE id IN (${r1.releaseId}, ${r2.releaseId})`);
      await runner.query(`UPDATE tracks SET isrc = 'IN-A1B-26-00999', isrc_yes_no = 'Yes' WHERE id = ${r1.audioId}`);
      await runner.query(`UPDATE tracks SET isrc = 'INA1B2600999', isrc_yes_no = 'Yes' WHERE id IN (${r2.audioId}, ${r3.audioId})`);
      await m.up(runner);
      // And the later migration that keeps UPCs in their GTIN-14 form (issue 38 item 8).
      await new IdentifierForms1765550000000().up(runner);

      const reg = db().getRepository(AssignedIdentifierEntity);
      const aUser = (await db().getRepository(ReleaseEntity).findOneByOrFail({ id: r1.releaseId })).user_id;
      expect(await reg.findOneBy({ kind: 'upc', code: gtin14(legacyUpc) })).toMatchObject({ release_id: r1.releaseId, user_id: aUser, source: 'entered' });
      expect(await reg.findOneBy({ kind: 'isrc', code: 'INA1B2600999' })).toMatchObject({ object_id: r1.audioId, user_id: aUser, source: 'entered' });
      // The rows given on approval got their owner and stay 'assigned'.
      expect(await reg.findOneBy({ kind: 'upc', code: gtin14(approved.upc_ean) })).toMatchObject({ release_id: approvedRelease.releaseId, user_id: aUser, source: 'assigned' });
      expect(await reg.findOneBy({ kind: 'isrc', code: approved.isrcs[0] })).toMatchObject({ release_id: approvedRelease.releaseId, user_id: aUser, source: 'assigned' });
      // Compacted, never reassigned: both releases keep the UPC; every track keeps its ISRC.
      expect((await db().getRepository(TrackEntity).findOneByOrFail({ id: r1.audioId })).isrc).toBe('INA1B2600999');
      expect((await db().getRepository(ReleaseEntity).findOneByOrFail({ id: r2.releaseId })).upc_ean).toBe(legacyUpc);
      const listed = await cli(t, 'identifier-duplicates', []);
      expect(listed).toContain(`UPC ${legacyUpc}: release ${r1.releaseId} (user ${aUser}, draft); release ${r2.releaseId} (user`);
      expect(listed).toContain(`ISRC INA1B2600999: release ${r1.releaseId} track ${r1.audioId} (user ${aUser}, draft)`);
      // From now on the registry holds: B cannot save the code again; A's re-release keeps its ISRC.
      expect((await b.post('updateReleaseInfo', { release_id: r2.releaseId, ...releaseInfo(bArtist, { upc_ean: legacyUpc }) })).body.message).toBe(M.upcInUse);
      expect((await a.post('updateSongInfo', { audio_id: r3.audioId, ...(await trackOf(r3.audioId)) })).status).toBe(200);
    } finally {
      await runner.release();
    }
  });

  /** A track's saved fields as the wizard sends them back. */
  async function trackOf(audioId: number): Promise<Record<string, unknown>> {
    const fields: Record<string, unknown> = { ...(await db().getRepository(TrackEntity).findOneByOrFail({ id: audioId })) };
    for (const key of ['id', 'user_id', 'status', 'created_at', 'updated_at']) delete fields[key];
    return fields;
  }
});
