import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import type { AuthUser } from '../common/request-context';
import { objectBody, TRACK_PROPS, TRACK_REQUIRED } from './swagger-shapes';
import { TracksService } from './tracks.service';

/** Song info of the wizard's tab 2 (core §2, §3 Track, §5, §7). Another user's ids answer 404. */
@ApiTags('releases')
@ApiBearerAuth()
@Controller()
export class TracksController {
  constructor(private readonly tracks: TracksService) {}

  /**
   * POST /api/addSongInfo `{ release_id, audio_track (uploaded filename), ...track fields }` → message
   * trackSaved, top-level `audio_id`. Errors: 403 away / revoked; 404 releaseNotFound; 409 notEditable;
   * 400 uploadPending, requiredFields, productionYearMax, isrcFormat, priceTierNotAllowed,
   * callerTuneFormat, videoLinkRequired, artist / author / composer rules, unknownArtist, uploadUnknownFile.
   */
  @Post('addSongInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a track to a draft or rejected release (answers audio_id)' })
  @ApiBody(objectBody({ release_id: 'integer', ...TRACK_PROPS }, ['release_id', ...TRACK_REQUIRED]))
  async add(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const { audio_id } = await this.tracks.add(user.id, body);
    return ok(M.trackSaved, { audio_id });
  }

  /** POST /api/updateSongInfo `{ audio_id, ...track fields }` → message trackUpdated. Errors: as addSongInfo, 404 trackNotFound. */
  @Post('updateSongInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a track of a draft or rejected release' })
  @ApiBody(objectBody({ audio_id: 'integer', release_id: 'integer', ...TRACK_PROPS }, ['audio_id', ...TRACK_REQUIRED]))
  async update(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    await this.tracks.update(user.id, body);
    return ok(M.trackUpdated);
  }

  /** POST /api/deleteSongInfo `{ audio_id }` → message trackDeleted. Errors: 403 away / revoked; 404 trackNotFound; 409 notEditable. */
  @Post('deleteSongInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a track of a draft or rejected release' })
  @ApiBody(objectBody({ audio_id: 'integer' }, ['audio_id']))
  async delete(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    await this.tracks.delete(user.id, body);
    return ok(M.trackDeleted);
  }
}
