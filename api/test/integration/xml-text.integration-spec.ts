import { DataSource } from 'typeorm';
import { fillMessage, TEXT_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient, releaseInfo } from '../helpers/releases-fixtures';
import { command } from '../helpers/cli';

/** What the API answers for a text holding `char` in `field`: the field's refusal (issue 34 §5, docs/decisions/031). */
const refusal = (field: string, char: string) => fillMessage(TEXT_MESSAGES.xmlCharInvalid, { field, code: `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` });

/** Characters XML 1.0 cannot carry: C0 controls but tab, LF and CR; U+FFFE, U+FFFF (lone surrogates: below). */
const FORBIDDEN = ['\u0001', '\u0000', '\u0008', '\u000B', '\u000C', '\u001F', '\uFFFE', '\uFFFF'];

/**
 * Text an ERN, a bank file or a CSV cannot carry is refused at the edge, in every body and query field,
 * with a message naming the field; the text XML allows (tab, line ends, any other Unicode, pairs of
 * surrogates) is kept; a CLI command lists rows already stored with such characters.
 */
describe.each(ENGINES)('XML 1.0 text at the edge on %s', (engine) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof createVerifiedUser>>;
  let releases: ReleasesClient;
  let artistId: number;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    user = await createVerifiedUser(t);
    releases = new ReleasesClient(t, user.token);
    artistId = await releases.artist('Asha');
  }, 120_000);
  afterAll(async () => t?.close());

  it.each(FORBIDDEN.map((c) => [`U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, c]))('a release title with %s is refused with the field’s message; nothing is saved', async (_name, char) => {
    const before = ((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM releases')) as Array<{ n: number | string }>)[0].n;
    const res = await releases.post('createReleaseInfo', releaseInfo(artistId, { release_title: `Monsoon${char}Nights` }));
    expect([res.status, res.body.message, res.body.code]).toEqual([400, refusal('release_title', char), 'validation']);
    expect(((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM releases')) as Array<{ n: number | string }>)[0].n).toBe(before);
  });

  it('a lone surrogate: a required field holding one is refused with its own message (decision 022), one inside a list with the XML refusal', async () => {
    const empty = await releases.post('createReleaseInfo', releaseInfo(artistId, { release_title: '' }));
    for (const lone of ['\uD800', '\uDC00']) {
      const res = await releases.post('createReleaseInfo', releaseInfo(artistId, { release_title: `Monsoon${lone}Nights` }));
      expect([res.status, res.body.message]).toEqual([400, empty.body.message]);
      const nested = await releases.post('setTrackSplits', { track_id: 1, shares: [{ email: `a${lone}@example.com`, percent: 10 }] });
      expect([nested.status, nested.body.message]).toEqual([400, refusal('shares', lone)]);
    }
  });

  it('every kind of body field: bank details (bank file), a profile address, nested list fields; a GET query is only read (a search finds nothing)', async () => {
    const bank = await releases.post('addBankDetails', { bank_name: 'HDFC Bank', holder_name: 'Asha\u0002 Rao', account_number: '50100012345678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan: 'ABCDE1234F' });
    expect([bank.status, bank.body.message]).toEqual([400, refusal('holder_name', '\u0002')]);
    const address = await releases.post('updateUserProfile', { address: 'Line 1\u0007' });
    expect([address.status, address.body.message]).toEqual([400, refusal('address', '\u0007')]);
    const nested = await releases.post('setTrackSplits', { track_id: 1, shares: [{ email: 'a\u0003@example.com', percent: 10 }] });
    expect([nested.status, nested.body.message]).toEqual([400, refusal('shares', '\u0003')]);
    const search = await releases.get('getCatelogListWeb', { search: 'Monsoon\u0004' });
    expect([search.status, search.body.total]).toEqual([200, 0]);
  });

  it('text XML allows is kept: tab, line ends, accents, emoji (a surrogate pair), non-Latin scripts', async () => {
    const title = 'Monsoon\tNights — Zoë 🌧️ बारिश';
    const res = await releases.post('createReleaseInfo', releaseInfo(artistId, { release_title: title }));
    expect(res.body.status).toBe(200);
    const saved = (await t.app.get(DataSource).query('SELECT release_title FROM releases WHERE id = ?', [res.body.release_id])) as Array<{ release_title: string }>;
    expect(saved[0].release_title).toBe(title);
    expect((await releases.post('updateUserProfile', { address: 'Line 1\r\nLine 2' })).status).toBe(200);
  });

  it('the xml-text-scan command lists stored rows holding such characters (table, column, id, code point)', async () => {
    const id = await releases.draft(releaseInfo(artistId, { release_title: 'Clean title' }));
    await t.app.get(DataSource).query('UPDATE releases SET release_title = ? WHERE id = ?', ['Bad\u0001title', id]);
    const scan = command('xml-text-scan');
    const out = await scan.run(t.app, []);
    expect(out.split('\n')).toContain(`releases.release_title id=${id} U+0001`);
    expect(out).toMatch(/^\d+ row\(s\) hold characters XML 1\.0 cannot carry/m);
    await t.app.get(DataSource).query('UPDATE releases SET release_title = ? WHERE id = ?', ['Clean again', id]);
    expect(await scan.run(t.app, [])).toBe('0 row(s) hold characters XML 1.0 cannot carry.');
  });
});
