import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PLATFORM_LOGOS, STORES, type PlatformLogo } from '@portal/contracts';
import { PlatformLogoEntity } from '../entities/platform-logo.entity';
import { LOGO_ART, renderLogo } from './logo-art';

export const LOGO_FILE = /^[a-z0-9-]{1,64}\.svg$/;

/**
 * The platforms of the Platform tab (core §3 Platform/logo, GET /api/getLogos). The table is kept
 * equal to PLATFORM_LOGOS of @portal/contracts at boot (idempotent), so the list has one source.
 */
@Injectable()
export class LogosService implements OnApplicationBootstrap {
  private readonly logger = new Logger(LogosService.name);
  private cache: PlatformLogo[] | null = null;
  /** Every logo SVG, drawn once (docs/decisions/010: simple-icons marks, else initials; logo-art.ts). */
  private readonly svgs = new Map(Object.entries(LOGO_ART).map(([file, art]) => [file, renderLogo(art)]));

  constructor(@InjectRepository(PlatformLogoEntity) private readonly logos: Repository<PlatformLogoEntity>) {}

  async onApplicationBootstrap(): Promise<void> {
    const rows = await this.logos.find();
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const [i, p] of PLATFORM_LOGOS.entries()) {
      const row = byName.get(p.name);
      if (!row) {
        // Another instance may insert the same name at the same time (unique index): that is fine.
        await this.logos.insert({ name: p.name, logo: p.logo, type: p.type, sort_order: i }).catch(() => undefined);
      } else if (row.logo !== p.logo || row.type !== p.type || row.sort_order !== i) {
        await this.logos.update({ id: row.id }, { logo: p.logo, type: p.type, sort_order: i });
      }
    }
    const wanted = new Set(PLATFORM_LOGOS.map((p) => p.name));
    for (const row of rows) if (!wanted.has(row.name)) await this.logos.delete({ id: row.id });
    const missing = [...new Set([...PLATFORM_LOGOS, ...STORES].map((p) => p.logo))].filter((f) => !this.svgs.has(f));
    if (missing.length) this.logger.warn({ msg: 'logos without art (logo-art.ts)', missing });
    this.cache = null;
  }

  /** The SVG text of logo file `file` (GET /api/static/logos/:file), or null for an unknown name. */
  svg(file: string): string | null {
    return this.svgs.get(file) ?? null;
  }

  /** GET /api/getLogos body: `{ name, logo, type }[]`, type "1" audio, "2" CRBT, "3" video; `logo` is a file under /api/static/logos/. */
  async list(): Promise<PlatformLogo[]> {
    this.cache ??= (await this.logos.find({ order: { sort_order: 'ASC', id: 'ASC' } })).map((r) => ({ name: r.name, logo: r.logo, type: r.type }));
    return this.cache;
  }
}
