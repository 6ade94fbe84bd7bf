import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sftpDeliver } from '../../src/distribution/delivery/sftp-transport';
import { startSftpServer, type TestSftpServer } from '../helpers/sftp-server';

/**
 * Files written to a store's SFTP server are never world-writable (issue 38 item 13): 0644 unless the
 * target asks for another mode, whatever the server's own umask. The server here applies none
 * (internal-sftp -u 0000), so the mode the client asks for is the mode written (ssh2's default is 0666).
 */
describe('SFTP delivery file modes (real sshd)', () => {
  let work: string;
  let sftp: TestSftpServer;
  const mode = (path: string) => statSync(path).mode & 0o777;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'sftp-mode-'));
    sftp = await startSftpServer(work, { umask: '0000' });
  });
  afterAll(async () => {
    await sftp?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const target = (path: string, fileMode?: number) => ({ host: '127.0.0.1', port: sftp.port, username: sftp.user, path, credentials: { private_key: sftp.privateKey }, fileMode });

  it('writes every file of a batch 0644 by default (streams and buffers alike)', async () => {
    const path = join(sftp.root, 'store-a');
    await sftpDeliver(target(path), 'B1', [
      { path: '123/123.xml', open: async () => Buffer.from('<ern/>') },
      { path: '123/resources/a.flac', open: async () => Readable.from([Buffer.from('audio')]) },
    ], Buffer.from('<done/>'));
    expect([mode(join(path, 'B1/123/123.xml')), mode(join(path, 'B1/123/resources/a.flac')), mode(join(path, 'B1/BatchComplete_B1.xml'))]).toEqual([0o644, 0o644, 0o644]);
  });

  it('writes the mode a target configures', async () => {
    const path = join(sftp.root, 'store-b');
    await sftpDeliver(target(path, 0o640), 'B2', [{ path: '9/9.xml', open: async () => Buffer.from('<ern/>') }], Buffer.from('<done/>'));
    expect([mode(join(path, 'B2/9/9.xml')), mode(join(path, 'B2/BatchComplete_B2.xml'))]).toEqual([0o640, 0o640]);
    // The server masks nothing: ssh2's own default (0666) would be written as it is, hence the default above.
    await sftpDeliver(target(path, 0o666), 'B3', [{ path: '7/7.xml', open: async () => Buffer.from('<ern/>') }], Buffer.from('<done/>'));
    expect(mode(join(path, 'B3/BatchComplete_B3.xml'))).toBe(0o666);
  });
});
