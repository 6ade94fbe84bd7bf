import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export type SniffedType = { ext: string; mime: string } | null;

/** Reads the type of an upload's first bytes (FileTypeSniffer.sniff, or a stand-in in unit tests). */
export type Sniff = (head: Buffer) => Promise<SniffedType>;

/** Bytes file-type needs to recognise every format it knows (its own constant): the head a guard holds back. */
export const SNIFF_BYTES = 4100;

/** How long one detection may take before the upload is refused (a parser stuck on hostile bytes). */
const SNIFF_TIMEOUT_MS = 5000;

/** file:// URL of file-type's Node entry, found by walking up from here to a node_modules that holds it. */
function fileTypeEntry(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const pkg = join(dir, 'node_modules', 'file-type', 'package.json');
    if (existsSync(pkg)) {
      const manifest = JSON.parse(readFileSync(pkg, 'utf8')) as { exports?: { '.'?: { node?: { import?: string } } } };
      return pathToFileURL(join(dirname(pkg), manifest.exports?.['.']?.node?.import ?? 'index.js')).href;
    }
    if (dirname(dir) === dir) throw new Error('file-type is not installed');
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let fileType;
parentPort.on('message', async ({ id, head }) => {
  try {
    fileType ??= await import(workerData.entry);
    const found = await fileType.fileTypeFromBuffer(head);
    parentPort.postMessage({ id, found: found ? { ext: found.ext, mime: found.mime } : null });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});`;

/**
 * Magic-number detection with `file-type` (ES-module only) in a worker thread. The worker loads it
 * with a native import(), which works the same under Node and under Jest (whose module sandbox
 * cannot run import() without --experimental-vm-modules), and keeps parsing of untrusted bytes off
 * the event loop, with a time limit. One worker per process, started on first use, not keeping the
 * process alive; restarted if it dies.
 */
@Injectable()
export class FileTypeSniffer implements OnModuleDestroy {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve(v: SniffedType): void; reject(e: Error): void; timer: NodeJS.Timeout }>();

  /** The type file-type reads in `head` (pass the first SNIFF_BYTES), or null when unknown. */
  sniff(head: Buffer): Promise<SniffedType> {
    const worker = this.ensureWorker();
    const id = ++this.seq;
    return new Promise<SniffedType>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('file type detection timed out'));
        this.reset(); // a stuck parser: start a fresh worker next time
      }, SNIFF_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      // A copy: the worker owns what it receives.
      worker.postMessage({ id, head: Uint8Array.from(head) });
    });
  }

  onModuleDestroy(): void {
    this.reset();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry: fileTypeEntry() } });
    worker.on('message', (m: { id: number; found?: SniffedType; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.found ?? null);
    });
    const fail = (e: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(e);
        this.pending.delete(id);
      }
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('file type worker stopped')));
    // unref() after the listeners: on Node 20 adding a 'message' listener refs the worker's port again.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private reset(): void {
    const worker = this.worker;
    this.worker = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('file type detection stopped'));
      this.pending.delete(id);
    }
    void worker?.terminate();
  }
}
