import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import type { AuthUser } from '../common/request-context';
import { ArtistsService } from './artists.service';
import { objectBody } from './swagger-shapes';

/** The artist pickers of the wizard (core §2 tab 1 and 2, §3 Artist, §7). */
@ApiTags('releases')
@ApiBearerAuth()
@Controller()
export class ArtistsController {
  constructor(private readonly artists: ArtistsService) {}

  /**
   * POST /api/addArtist `{ artist_type: 'primary'|'featuring', artist_name, apple_id?, spotify_id? }`
   * → message artistAdded, body the Artist `{ artist_id, artist_name, apple_id, spotify_id, artist_type }`.
   * Errors: 400 artistNameRequired / requiredFields; 409 artistExists (same name and type).
   */
  @Post('addArtist')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add an artist to the caller’s pickers (core §7)' })
  @ApiBody(objectBody({ artist_type: 'string', artist_name: 'string', apple_id: 'string', spotify_id: 'string' }, ['artist_type', 'artist_name']))
  async add(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    return ok(M.artistAdded, { body: await this.artists.add(user.id, body) });
  }

  /** GET /api/getArtist?artist_type=primary|featuring → body Artist[] (by name), total. Errors: 400 for another type. */
  @Get('getArtist')
  @ApiOperation({ summary: 'The caller’s artists of a type (core §7)' })
  @ApiQuery({ name: 'artist_type', required: false, enum: ['primary', 'featuring'] })
  async list(@CurrentUser() user: AuthUser, @Query('artist_type') type?: string) {
    const body = await this.artists.list(user.id, type);
    return ok(M.artistList, { body, total: body.length });
  }
}
