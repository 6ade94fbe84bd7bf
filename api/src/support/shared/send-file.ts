import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Stream a private stored file: its type, length, `nosniff`, no caching, and a Content-Disposition
 * with the given name (`inline` for files a browser may show, `attachment` otherwise).
 */
export async function sendPrivateFile(res: Response, file: { stream: Readable; size: number; mime: string; name: string; inline: boolean }): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', file.mime);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  // A sandbox CSP: even a file shown inline can run nothing.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  res.setHeader('Content-Disposition', `${file.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  try {
    await pipeline(file.stream, res);
  } catch {
    file.stream.destroy();
  }
}
