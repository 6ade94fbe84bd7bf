import { Controller } from '@nestjs/common';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { TracksService } from './tracks.service';
import { TrackDraftsService } from '../track-drafts/track-drafts.service';

/** Song info of the wizard's tab 2 (core §2, §3 Track, §5, §7). Another user's ids answer 404. */
@Controller()
export class TracksController {
  constructor(
    private readonly tracks: TracksService,
    private readonly trackDrafts: TrackDraftsService,
  ) {}

  /** POST /api/addSongInfo `{ release_id, audio_track, ...track }` → message trackSaved, top-level `audio_id`. */
  @Endpoint(E.addSongInfo)
  async add(@CurrentUser() user: AuthUser, @ValidBody(E.addSongInfo) dto: EndpointRequest<typeof E.addSongInfo>) {
    const { audio_id } = await this.tracks.add(user.id, dto);
    // The row is a track now: its server-side draft goes (docs/decisions/017).
    await this.trackDrafts.clear(user.id, dto.release_id);
    return ok(M.trackSaved, { audio_id });
  }

  /** POST /api/updateSongInfo `{ audio_id, release_id, ...track }` → message trackUpdated. */
  @Endpoint(E.updateSongInfo)
  async update(@CurrentUser() user: AuthUser, @ValidBody(E.updateSongInfo) dto: EndpointRequest<typeof E.updateSongInfo>) {
    await this.tracks.update(user.id, dto);
    return ok(M.trackUpdated);
  }

  /** POST /api/deleteSongInfo `{ audio_id }` → message trackDeleted. */
  @Endpoint(E.deleteSongInfo)
  async delete(@CurrentUser() user: AuthUser, @ValidBody(E.deleteSongInfo) dto: EndpointRequest<typeof E.deleteSongInfo>) {
    await this.tracks.delete(user.id, dto);
    return ok(M.trackDeleted);
  }
}
