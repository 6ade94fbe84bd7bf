import { Controller } from '@nestjs/common';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { PlaylistPitchService } from './playlist-pitch.service';

/** Playlist pitches (areas §2 Tools screen, playlist mode; §5; §7). */
@Controller()
export class PlaylistPitchController {
  constructor(private readonly service: PlaylistPitchService) {}

  /** POST /api/submitPitchPlaylist → "Submission successful.", body { id }. Errors: 400 (areas §5, notUpcoming), 404, 409. */
  @Endpoint(E.submitPitchPlaylist)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submitPitchPlaylist) dto: EndpointRequest<typeof E.submitPitchPlaylist>) {
    return ok(M.submitted, { body: await this.service.submit(user.id, dto) });
  }

  /** GET /api/getPlaylistPitchHistory?limit&offset|page → body PlaylistPitchRow[], total. */
  @Endpoint(E.getPlaylistPitchHistory)
  async history(@CurrentUser() user: AuthUser, @ValidQuery(E.getPlaylistPitchHistory) query: EndpointRequest<typeof E.getPlaylistPitchHistory>) {
    const { rows, total } = await this.service.history(user.id, query);
    return ok(M.historyLoaded, { body: rows, total });
  }
}
