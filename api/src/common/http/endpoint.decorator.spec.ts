import 'reflect-metadata';
import { PATH_METADATA } from '@nestjs/common/constants';
import { AUTH_ENDPOINTS, RELEASE_ENDPOINTS as E, type Artist, type Release, type RevokeStatus } from '@portal/contracts';
import { ok, okList } from '../envelope';
import { Endpoint } from './endpoint.decorator';

const release = {} as Release;
const artist = {} as Artist;

/**
 * Handlers tied to their route's response type (docs/decisions/014 "Answers typed by the route"). The
 * class is type-checked by `npm run typecheck` (api includes its specs): each `@ts-expect-error` marks a
 * handler whose answer is not the route's, and would itself fail the typecheck ("Unused
 * '@ts-expect-error' directive") if `@Endpoint` stopped checking answers.
 */
class Handlers {
  @Endpoint(E.getDraft)
  draft() {
    return ok('Loaded.', { body: release });
  }

  @Endpoint(E.getArtist)
  async artists() {
    return Promise.resolve(okList('Artists.', [artist]));
  }

  @Endpoint(AUTH_ENDPOINTS.checkUserRevokeStatus)
  revoked() {
    return ok<RevokeStatus>('Revoke status.', { revoked: 1, body: { revoked: 1 } });
  }

  // A route answering no body (a message-only POST) is not constrained.
  @Endpoint(E.deleteDraft)
  deleted() {
    return ok('Deleted.');
  }

  // @ts-expect-error getDraft answers a Release, not a list of artists
  @Endpoint(E.getDraft)
  wrongBody() {
    return ok('Loaded.', { body: [artist] });
  }

  // @ts-expect-error getDraft answers a body: a message-only envelope does not document it
  @Endpoint(E.getDraft)
  noBody() {
    return ok('Loaded.');
  }

  // @ts-expect-error checkUserRevokeStatus answers `revoked: 0 | 1`, not a string
  @Endpoint(AUTH_ENDPOINTS.checkUserRevokeStatus)
  wrongField() {
    return ok('Revoke status.', { body: { revoked: 'yes' } });
  }

  // @ts-expect-error getArtist's rows are artists, not releases
  @Endpoint(E.getArtist)
  async wrongRows() {
    return Promise.resolve(okList('Artists.', [release]));
  }
}

describe('@Endpoint', () => {
  it('routes a typed handler by its route: the answer check adds no runtime behaviour', () => {
    expect(Reflect.getMetadata(PATH_METADATA, Handlers.prototype.draft)).toBe('getDraft');
    expect(Reflect.getMetadata(PATH_METADATA, Handlers.prototype.artists)).toBe(E.getArtist.path);
    expect(Reflect.getMetadata(PATH_METADATA, Handlers.prototype.wrongBody)).toBe('getDraft');
  });
});
