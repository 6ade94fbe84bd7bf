import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const dir = join(tmpdir(), 'portal-e2e-support-media');
mkdirSync(dir, { recursive: true });

/** A real RGB PNG of width × height (a gradient; `stored` makes it incompressible, about 3 × w × h bytes). */
export function makePng(name: string, width = 64, height = 48, stored = false): string {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      raw[i] = stored ? (i * 2654435761) >>> 24 : Math.round((x / width) * 255);
      raw[i + 1] = stored ? (i * 40503) & 255 : Math.round((y / height) * 200);
      raw[i + 2] = 170;
    }
  const file = join(dir, `${name}.png`);
  writeFileSync(file, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: stored ? 0 : 6 })), chunk('IEND', Buffer.alloc(0))]));
  return file;
}

/** A real one-page PDF 1.4 with a line of text. */
export function makePdf(name: string, text = 'Statement for March'): string {
  const stream = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(body, 'latin1'));
  return file;
}

/** A small file with any name (for the browser's pre-checks: wrong extension, count). */
export function makeNamedFile(name: string, bytes: Buffer = Buffer.from('hello')): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** Mails in a portal's dev outbox to an address, oldest first. */
export function outboxMails(dataDir: string, to: string): Array<{ to: string; subject: string; text: string }> {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => {
      const [am, as] = a.split('-').map(Number);
      const [bm, bs] = b.split('-').map(Number);
      return am - bm || as - bs;
    })
    .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')))
    .filter((m: { to: string }) => m.to === to.toLowerCase());
}
