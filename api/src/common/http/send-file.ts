import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file opened for an answer: its bytes (a range of them when `partial`), type and size in bytes. */
export type OpenedFile = { stream: Readable; mime: string; size: number; start: number; end: number; partial: boolean };

/** A stored file a service hands to its route: the bytes, the server's name for it, and how a browser should open it. */
export type NamedFile = { file: OpenedFile; name: string; disposition: 'inline' | 'attachment' };

/** A whole stored file (no range) as an OpenedFile: `size` in bytes. */
export const wholeFile = (stream: Readable, mime: string, size: number): OpenedFile => ({ stream, mime, size, start: 0, end: Math.max(size - 1, 0), partial: false });

/**
 * The one way a route answers a stored file (docs/decisions/035): artwork and its renditions, audio,
 * video files, ticket attachments, report CSVs. 200, or 206 with Content-Range for a range;
 * `Content-Disposition` names it by the server's stored name (never the uploader's), `nosniff`, and a
 * `Content-Security-Policy: default-src 'none'; sandbox` so a file that is opened directly can run
 * nothing (docs/decisions/026). `storedName` is chosen by the server (a stored file name, a built report
 * name): any character outside `[A-Za-z0-9_.-]` becomes `_`, so the header is plain ASCII and cannot be
 * split or quoted out of. Caching is the caller's (`Cache-Control` set before the call). A client that
 * goes away mid-file (seeking in a player) ends the stream quietly.
 */
export async function sendFile(res: Response, file: OpenedFile, storedName: string, disposition: 'inline' | 'attachment' = 'inline'): Promise<void> {
  res.status(file.partial ? 206 : 200);
  res.setHeader('Content-Type', file.mime);
  res.setHeader('Content-Length', String(file.size ? file.end - file.start + 1 : 0));
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Content-Disposition', `${disposition}; filename="${storedName.replace(/[^\w.-]/g, '_')}"`);
  if (file.partial) res.setHeader('Content-Range', `bytes ${file.start}-${file.end}/${file.size}`);
  try {
    await pipeline(file.stream, res);
  } catch {
    file.stream.destroy();
  }
}

/** Answer a private NamedFile (an attachment, a report): never cached (`Cache-Control: private, no-store`), then sendFile. */
export async function sendNamed(res: Response, named: NamedFile): Promise<void> {
  res.setHeader('Cache-Control', 'private, no-store');
  await sendFile(res, named.file, named.name, named.disposition);
}
