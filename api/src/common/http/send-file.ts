import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file opened for an answer: its bytes (a range of them when `partial`), type and size in bytes. */
export type OpenedFile = { stream: Readable; mime: string; size: number; start: number; end: number; partial: boolean };

/**
 * Answer an uploaded file (artwork, audio, attachments...): 200, or 206 with Content-Range for a range;
 * `Content-Disposition` names it by the server's stored name (never the uploader's), `nosniff`, and a
 * `Content-Security-Policy: default-src 'none'; sandbox` so a file that is opened directly can run
 * nothing (docs/decisions/026). A client that goes away mid-file (seeking in a player) ends the stream quietly.
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
