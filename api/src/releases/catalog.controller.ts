import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { ok } from '../common/envelope';
import type { AuthUser } from '../common/request-context';
import { CatalogQuery, type CatalogParams } from './catalog.query';
import { ReleasesService } from './releases.service';

/** The audio catalogue and release detail (core §2 /catalog, /catalog/{id}; §7; §9). Per user only. */
@ApiTags('releases')
@ApiBearerAuth()
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogQuery,
    private readonly releases: ReleasesService,
  ) {}

  /**
   * GET /api/getCatelogListWeb?search&status&sort&limit&offset&page → body CatalogRow[] `{ release_id,
   * album_artwork, release_title, release_type, genre, lable_name, release_date (epoch ms),
   * number_of_tracks, status, reason, artist_name }`, total = rows matching. Page size 25 (limit ≤ 100);
   * offset, or (page − 1) × limit; newest first by default. Errors: 400 catalogStatusInvalid.
   */
  @Get('getCatelogListWeb')
  @ApiOperation({ summary: 'The caller’s audio releases, searched, filtered and paged' })
  @ApiQuery({ name: 'search', required: false, description: 'title, artist name or label (case-insensitive)' })
  @ApiQuery({ name: 'status', required: false, enum: ['', 'draft', 'in_review', 'approved', 'rejected', 'takendown'] })
  @ApiQuery({ name: 'sort', required: false, enum: ['newest', 'oldest', 'updated', 'title', 'title_desc', 'release_date', 'release_date_desc'] })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 25, at most 100' })
  @ApiQuery({ name: 'offset', required: false, type: Number })
  @ApiQuery({ name: 'page', required: false, type: Number, description: '1-based; used when offset is absent' })
  async list(@CurrentUser() user: AuthUser, @Query() query: CatalogParams) {
    const { rows, total } = await this.catalog.list(user.id, query);
    return ok(M.catalogList, { body: rows, total });
  }

  /** GET /api/getCatelogById?release_id → body Release with `audios` (each with `artist_name` and numeric `status`). Errors: 404. */
  @Get('getCatelogById')
  @ApiOperation({ summary: 'One release of the caller with its tracks (release detail)' })
  @ApiQuery({ name: 'release_id', required: true, type: Number })
  async byId(@CurrentUser() user: AuthUser, @Query('release_id') releaseId: string) {
    return ok(M.releaseLoaded, { body: await this.releases.read(user.id, releaseId) });
  }
}
