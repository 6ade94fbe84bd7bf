import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** A running test SFTP server: its port, the login user and key, the folder stores write under, and how to stop it. */
export type SftpServer = { port: number; user: string; privateKey: string; root: string; stop(): Promise<void> };
/** The same (the name the SFTP file-mode spec uses). */
export type TestSftpServer = SftpServer;

/**
 * A real SFTP server for a test: Debian's OpenSSH sshd as its own process on a free high port with
 * its own host key (files under `dir`), key authentication only, and every session forced into
 * internal-sftp (no shell). `umask` is internal-sftp's `-u` (e.g. '0000': the server applies no mask
 * of its own, so the modes a client asks for are the modes written); default: the process's umask.
 */
export async function startSftpServer(dir: string, options: { umask?: string } = {}): Promise<SftpServer> {
  mkdirSync('/run/sshd', { recursive: true }); // sshd's privilege separation directory (the Debian service makes it too)
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'client_key')]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')));
  const root = join(dir, 'stores');
  mkdirSync(root);
  const port = await freePort();
  const sftp = options.umask ? `internal-sftp -u ${options.umask}` : 'internal-sftp';
  const config = [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${join(dir, 'host_key')}`,
    `PidFile ${join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication yes',
    'PermitRootLogin prohibit-password',
    'StrictModes no',
    'UsePAM no',
    `Subsystem sftp ${sftp}`,
    `ForceCommand ${sftp}`,
    'AllowTcpForwarding no',
    'X11Forwarding no',
  ].join('\n');
  writeFileSync(join(dir, 'sshd_config'), `${config}\n`);
  const child: ChildProcess = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sshd did not start')), 10_000);
    child.stderr!.on('data', (d: Buffer) => {
      if (/Server listening/.test(String(d))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`sshd exited ${code}`)));
  });
  const user = execFileSync('id', ['-un']).toString().trim();
  return {
    port,
    user,
    root,
    privateKey: readFileSync(join(dir, 'client_key'), 'utf8'),
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  };
}
