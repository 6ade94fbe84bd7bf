import { Controller } from '@nestjs/common';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { ArtistsService } from './artists.service';

/** The artists of the caller's pickers (core §3 Artist, §7). */
@Controller()
export class ArtistsController {
  constructor(private readonly artists: ArtistsService) {}

  /**
   * POST /api/addArtist `{ artist_type, artist_name, apple_id?, spotify_id? }` → message artistAdded, body the
   * Artist. Errors: 400 artistNameRequired / requiredFields; 409 artistExists (same name and type).
   */
  @Endpoint(E.addArtist)
  async add(@CurrentUser() user: AuthUser, @ValidBody(E.addArtist) dto: EndpointRequest<typeof E.addArtist>) {
    return ok(M.artistAdded, { body: await this.artists.add(user.id, dto) });
  }

  /** GET /api/getArtist?artist_type=primary|featuring (absent: both) → body Artist[] (by name), total. */
  @Endpoint(E.getArtist)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getArtist) query: EndpointRequest<typeof E.getArtist>) {
    const body = await this.artists.list(user.id, query.artist_type);
    return ok(M.artistList, { body, total: body.length });
  }
}
