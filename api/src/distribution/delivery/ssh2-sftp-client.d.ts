// The parts of ssh2-sftp-client 12 the delivery uses (the package ships no types; no @types installed).
declare module 'ssh2-sftp-client' {
  import type { Readable } from 'node:stream';
  type ConnectOptions = { host: string; port: number; username: string; password?: string; privateKey?: string | Buffer; readyTimeout?: number; retries?: number };
  type FileInfo = { type: string; name: string; size: number };
  export default class SftpClient {
    constructor(name?: string);
    connect(options: ConnectOptions): Promise<unknown>;
    mkdir(path: string, recursive?: boolean): Promise<string>;
    put(source: Readable | Buffer | string, remotePath: string, options?: { writeStreamOptions?: { mode?: number; flags?: string } }): Promise<string>;
    get(remotePath: string): Promise<Buffer>;
    list(remotePath: string): Promise<FileInfo[]>;
    exists(remotePath: string): Promise<false | 'd' | '-' | 'l'>;
    rename(fromPath: string, toPath: string): Promise<string>;
    delete(remotePath: string, notFoundOK?: boolean): Promise<string>;
    end(): Promise<boolean>;
  }
}
