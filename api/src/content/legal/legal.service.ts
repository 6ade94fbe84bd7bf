import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH_TEXT, fillMessage, LEGAL_PAGES, type LegalDocument, type LegalPageName, type LegalSection } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DEFAULT_LEGAL, DEFAULT_LEGAL_UPDATED } from './legal-defaults';

/** An override file larger than this is ignored (a legal page is a few kilobytes). */
const MAX_OVERRIDE_BYTES = 256 * 1024;

/**
 * The legal pages (docs/decisions/017): `DATA_DIR/legal/<page>.md` when the operator put one there
 * (read on each request, so a new text needs no restart), else the default text. The file is plain
 * text with `# Title`, `## Section` lines and paragraphs separated by blank lines; it is only ever
 * rendered as text.
 */
@Injectable()
export class LegalService {
  private readonly logger = new Logger(LegalService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether `page` names a legal page. */
  isPage(page: string): page is LegalPageName {
    return (LEGAL_PAGES as readonly string[]).includes(page);
  }

  /** The page's document: the operator's text, else the default. Never rejects for a bad file (logged, default served). */
  async page(page: LegalPageName): Promise<LegalDocument> {
    const fill = (text: string) => fillMessage(text, { product: AUTH_TEXT.productName, supportEmail: this.config.supportEmail });
    const operator = await this.operatorText(page);
    if (operator) {
      const parsed = parseLegalText(operator.text, DEFAULT_LEGAL[page].title);
      if (parsed.sections.length > 0) return { page, title: parsed.title, updated: operator.updated, sections: parsed.sections, operator: true };
    }
    const base = DEFAULT_LEGAL[page];
    return {
      page,
      title: base.title,
      updated: DEFAULT_LEGAL_UPDATED,
      sections: base.sections.map((s) => ({ heading: fill(s.heading), paragraphs: s.paragraphs.map(fill) })),
      operator: false,
    };
  }

  private async operatorText(page: LegalPageName): Promise<{ text: string; updated: string } | null> {
    const file = join(this.config.dataDir, 'legal', `${page}.md`);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.size > MAX_OVERRIDE_BYTES) {
        this.logger.warn({ msg: 'legal override ignored (not a file or over 256 KiB)', file });
        return null;
      }
      return { text: await readFile(file, 'utf8'), updated: info.mtime.toISOString().slice(0, 10) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn({ msg: 'legal override unreadable', file, error: String(error) });
      return null;
    }
  }
}

/**
 * Parse an operator's legal text: `# Title` (optional), `## Heading` starts a section, blank lines
 * separate paragraphs, lines of one paragraph are joined. Text before the first heading becomes a
 * section headed by the title.
 */
export function parseLegalText(text: string, fallbackTitle: string): { title: string; sections: LegalSection[] } {
  let title = fallbackTitle;
  const sections: LegalSection[] = [];
  let current: LegalSection | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    if (!current) {
      current = { heading: title, paragraphs: [] };
      sections.push(current);
    }
    current.paragraphs.push(lines.join(' '));
    lines = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (/^#\s+/.test(line) && !/^##/.test(line)) {
      flush();
      title = line.replace(/^#\s+/, '');
    } else if (/^##+\s+/.test(line)) {
      flush();
      current = { heading: line.replace(/^##+\s+/, ''), paragraphs: [] };
      sections.push(current);
    } else if (line === '') flush();
    else lines.push(line);
  }
  flush();
  return { title, sections: sections.filter((s) => s.paragraphs.length > 0) };
}
