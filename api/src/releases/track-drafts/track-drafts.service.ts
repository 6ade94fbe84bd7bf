import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { TrackDraft } from '@portal/contracts';
import { ReleasesService } from '../release-info/releases.service';
import { UploadsService } from '../uploads/uploads.service';
import { TrackDraftEntity } from './track-draft.entity';

/**
 * The unsaved track row of a release, kept on the server so an uploaded but unsaved track survives a
 * reload (docs/decisions/017). One per release; only the owner of a draft or rejected release writes it.
 */
@Injectable()
export class TrackDraftsService {
  constructor(
    @InjectRepository(TrackDraftEntity) private readonly drafts: Repository<TrackDraftEntity>,
    private readonly releases: ReleasesService,
    private readonly uploads: UploadsService,
  ) {}

  /**
   * Keep the row. Errors: 404 releaseNotFound (also another user's); 409 notEditable; 400
   * uploadUnknownFile when `audio_track` is not the caller's audio upload.
   */
  async save(userId: number, dto: { release_id: number; audio_track?: string; values?: Record<string, string> }): Promise<void> {
    const release = await this.releases.findOwned(userId, dto.release_id);
    this.releases.assertEditable(release);
    const audio = await this.uploads.assertOwned(userId, dto.audio_track, 'audio');
    const values_json = JSON.stringify(dto.values ?? {});
    const existing = await this.drafts.findOne({ where: { release_id: release.id } });
    if (existing) await this.drafts.update({ id: existing.id }, { audio_track: audio, values_json, updated_at: new Date() });
    else await this.drafts.insert({ release_id: release.id, user_id: userId, audio_track: audio, values_json });
  }

  /** The row of the caller's release, or null. */
  async find(userId: number, releaseId: number): Promise<TrackDraft | null> {
    const row = await this.drafts.findOne({ where: { release_id: releaseId, user_id: userId } });
    if (!row) return null;
    let values: Record<string, string> = {};
    try {
      const parsed = JSON.parse(row.values_json) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) values = parsed as Record<string, string>;
    } catch {
      /* a damaged row answers empty values */
    }
    return { audio_track: row.audio_track, values, updated_at: new Date(row.updated_at).getTime() };
  }

  /** Forget the row (saved as a track, or discarded). Errors: 404 releaseNotFound for another user's release. */
  async clear(userId: number, releaseId: number): Promise<void> {
    await this.releases.findOwned(userId, releaseId);
    await this.drafts.delete({ release_id: releaseId, user_id: userId });
  }
}
