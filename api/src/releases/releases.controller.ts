import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import type { AuthUser } from '../common/request-context';
import { ReleasesService } from './releases.service';
import { objectBody, RELEASE_INFO_PROPS, RELEASE_INFO_REQUIRED } from './swagger-shapes';

const releaseIdQuery = { name: 'release_id', required: true, type: Number };

/**
 * The audio release wizard's release calls (core §2 tabs 1, 3, 4; §4 states; §7). Every call is the
 * caller's own: another user's release_id answers 404 like a missing one.
 */
@ApiTags('releases')
@ApiBearerAuth()
@Controller()
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  /**
   * POST /api/createReleaseInfo `{ album_artwork?, release_type, release_title, primary_artist1..3,
   * featuring1..3, genre, sub_genre, lable_name, release_date (epoch ms), p_line, c_line, upc_ean? }`
   * → message releaseCreated, top-level `release_id` of the new draft.
   * Errors: 403 away text / revoked text (core §6); 400 core §5 messages (requiredFields,
   * releaseDateMin, upcFormat, artistAlreadyAdded, artistLimit), unknownArtist, uploadUnknownFile.
   */
  @Post('createReleaseInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a draft release from tab 1 (answers release_id)' })
  @ApiBody(objectBody(RELEASE_INFO_PROPS, RELEASE_INFO_REQUIRED))
  async create(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const { release_id } = await this.releases.createInfo(user.id, body);
    return ok(M.releaseCreated, { release_id });
  }

  /**
   * POST /api/updateReleaseInfo `{ release_id, ...the createReleaseInfo fields }` → message releaseUpdated.
   * A rejected release stays rejected until submitted again. Errors: as createReleaseInfo, 404
   * releaseNotFound, 409 notEditable (in_review, approved, takendown).
   */
  @Post('updateReleaseInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a draft or rejected release’s info' })
  @ApiBody(objectBody({ release_id: 'integer', ...RELEASE_INFO_PROPS }, ['release_id', ...RELEASE_INFO_REQUIRED]))
  async update(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    await this.releases.updateInfo(user.id, body);
    return ok(M.releaseUpdated);
  }

  /** GET /api/getDraft?release_id → body Release (core §3) with `audios` (tracks by audio_id) and `artist_name`. Errors: 404. */
  @Get('getDraft')
  @ApiOperation({ summary: 'A release with its tracks, for the wizard' })
  @ApiQuery(releaseIdQuery)
  async draft(@CurrentUser() user: AuthUser, @Query('release_id') releaseId: string) {
    return ok(M.releaseLoaded, { body: await this.releases.read(user.id, releaseId) });
  }

  /**
   * POST /api/checkboxCrbtVideoPlatforms `{ release_id, crbt: 'yes'|'no', video_platforms: 'yes'|'no' }`
   * → message platformsSaved (step 3 done). Errors: 403 away / revoked; 404; 409 notEditable;
   * 400 requiredFields, callerTuneFirst, videoDetailsFirst (core §5 Platforms).
   */
  @Post('checkboxCrbtVideoPlatforms')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the optional CRBT and video platforms (tab 3)' })
  @ApiBody(objectBody({ release_id: 'integer', crbt: 'string', video_platforms: 'string' }, ['release_id', 'crbt', 'video_platforms']))
  async platforms(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    await this.releases.savePlatforms(user.id, body);
    return ok(M.platformsSaved);
  }

  /** GET /api/getSubmissionDataChecks?release_id → body `{ caller_tune: 'Yes'|'No', destribute_music: 'Yes'|'No' }` ("Yes" when any track has it). Errors: 404. */
  @Get('getSubmissionDataChecks')
  @ApiOperation({ summary: 'Whether any track has a caller tune / a music video (tab 3 switches)' })
  @ApiQuery(releaseIdQuery)
  async checks(@CurrentUser() user: AuthUser, @Query('release_id') releaseId: string) {
    return ok(M.submissionChecks, { body: await this.releases.submissionChecks(user.id, releaseId) });
  }

  /** GET /api/getSubmissionDetails?release_id → body Release with `audios` and `platforms` ({ name, logo, type }[] it goes to). Errors: 404. */
  @Get('getSubmissionDetails')
  @ApiOperation({ summary: 'What will be submitted (tab 4)' })
  @ApiQuery(releaseIdQuery)
  async details(@CurrentUser() user: AuthUser, @Query('release_id') releaseId: string) {
    return ok(M.submissionDetails, { body: await this.releases.submissionDetails(user.id, releaseId) });
  }

  /**
   * POST /api/submissionButton `{ release_id, terms? }` → message submitted; the release is in_review.
   * Errors: 403 away / revoked; 404; 409 alreadySubmitted (not draft or rejected, or a concurrent
   * submit won); 400 termsRequired (terms false), the release info's first message, submitNeedsArtwork,
   * submitNeedsTrack, a track's first message, submitNeedsPlatforms, callerTuneFirst, videoDetailsFirst.
   */
  @Post('submissionButton')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit a draft or rejected release for review (tab 4)' })
  @ApiBody(objectBody({ release_id: 'integer', terms: 'boolean' }, ['release_id']))
  async submit(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    await this.releases.submit(user.id, body);
    return ok(M.submitted);
  }

  /** POST /api/deleteDraft `{ release_id }` → message draftDeleted (draft or rejected only). Errors: 404; 409 notEditable. */
  @Post('deleteDraft')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a draft or rejected release and its tracks' })
  @ApiBody(objectBody({ release_id: 'integer' }, ['release_id']))
  async delete(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    await this.releases.deleteDraft(user.id, body);
    return ok(M.draftDeleted);
  }
}
