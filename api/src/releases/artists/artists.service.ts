import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { RELEASE_MESSAGES as M, type Artist, type ArtistPayload, type ArtistType } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ArtistEntity } from '../entities/artist.entity';
import { toArtist } from '../release-info/release.mapper';

type Slots = { primary_artist1?: number | null; primary_artist2?: number | null; primary_artist3?: number | null; featuring1?: number | null; featuring2?: number | null; featuring3?: number | null };

/** The artists of a user's pickers (core §3 Artist, §7 addArtist / getArtist). */
@Injectable()
export class ArtistsService {
  constructor(@InjectRepository(ArtistEntity) private readonly artists: Repository<ArtistEntity>) {}

  /**
   * POST /api/addArtist `{ artist_type, artist_name, apple_id, spotify_id }` → the new Artist.
   * Names are unique per user and type, case-insensitively. Errors: 400 (artistNameRequired,
   * requiredFields for a bad type), 409 artistExists.
   */
  async add(userId: number, dto: ArtistPayload): Promise<Artist> {
    const name_key = dto.artist_name.toLowerCase();
    const artist_type = dto.artist_type as ArtistType;
    if (await this.artists.exists({ where: { user_id: userId, artist_type, name_key } })) throw DomainError.conflict(M.artistExists);
    try {
      const saved = await this.artists.save(
        this.artists.create({ user_id: userId, artist_type, artist_name: dto.artist_name, name_key, apple_id: dto.apple_id ?? '', spotify_id: dto.spotify_id ?? '' }),
      );
      return toArtist(saved);
    } catch (e) {
      // Lost a race with the same name (unique index): the same answer as the check above.
      if (await this.artists.exists({ where: { user_id: userId, artist_type, name_key } })) throw DomainError.conflict(M.artistExists);
      throw e;
    }
  }

  /** GET /api/getArtist?artist_type=primary|featuring (absent: both) → the user's artists by name. Errors: 400 for another type. */
  async list(userId: number, type: '' | ArtistType): Promise<Artist[]> {
    const rows = await this.artists.find({ where: { user_id: userId, ...(type ? { artist_type: type as ArtistType } : {}) }, order: { name_key: 'ASC', id: 'ASC' } });
    return rows.map(toArtist);
  }

  /**
   * Every artist id in the slots must be an artist of the caller, primary slots of type primary and
   * featuring slots of type featuring (they come from the per-type pickers). Answers id → display
   * name for the ids. Errors: 400 unknownArtist.
   */
  async assertOwned(userId: number, slots: Slots): Promise<Map<number, string>> {
    const primary = [slots.primary_artist1, slots.primary_artist2, slots.primary_artist3].filter((x): x is number => typeof x === 'number');
    const featuring = [slots.featuring1, slots.featuring2, slots.featuring3].filter((x): x is number => typeof x === 'number');
    const ids = [...new Set([...primary, ...featuring])];
    if (!ids.length) return new Map();
    const rows = await this.artists.find({ where: { user_id: userId, id: In(ids) } });
    const byId = new Map(rows.map((a) => [a.id, a]));
    const ok = primary.every((i) => byId.get(i)?.artist_type === 'primary') && featuring.every((i) => byId.get(i)?.artist_type === 'featuring');
    if (!ok) throw DomainError.badRequest(M.unknownArtist);
    return new Map(rows.map((a) => [a.id, a.artist_name]));
  }

  /** Display names of the caller's artists among `ids`. */
  async names(userId: number, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.artists.find({ select: { id: true, artist_name: true }, where: { user_id: userId, id: In(unique) } });
    return new Map(rows.map((a) => [a.id, a.artist_name]));
  }
}
