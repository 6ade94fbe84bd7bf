import { Command, Option } from 'nest-commander';
import { STAFF_ROLES } from '@portal/contracts';
import { OperatorCommand } from '../common/cli/operator-command';
import { UsersService } from '../users/users.service';
import { ReleasesService } from '../releases/release-info/releases.service';
import { VideoReleasesService } from '../video/video-releases.service';
import { CLI_ACTOR } from '../audit/audit.service';
import { OpsConsoleService } from './console/ops-console.service';
import { ReleaseReviewService } from './review/release-review.service';
import { StaffService } from '../staff/staff.service';
import { OPS_CONTENT_COMMANDS } from './console/content.cli';
import { OPS_DESK_COMMANDS } from './console/desk.cli';
import { OPS_TOOLS_RIGHTS_COMMANDS } from './console/tools-rights.cli';

/*
 * Operator commands of the operations console (docs/decisions/008). They go through the console's services, so
 * the same rules apply and each writes an audit row (actor `cli`).
 */

const STAFF_USAGE = `staff add <email> ${STAFF_ROLES.join('|')} | staff remove <email>`;

/** `staff add <email> <role> | staff remove <email>`: a verified user account becomes staff with a role, or stops being staff. */
@Command({ name: 'staff', arguments: '<action> <email> [role]', description: `a verified user account becomes staff: ${STAFF_USAGE}` })
export class StaffCommand extends OperatorCommand {
  constructor(private readonly staff: StaffService) {
    super();
  }

  async answer([verb, email, role]: string[]): Promise<string> {
    if (verb === 'add' && email && role) return `${email} roles: ${(await this.staff.add(email, role, CLI_ACTOR)).join(', ')}`;
    if (verb === 'remove' && email) {
      await this.staff.remove(email, CLI_ACTOR);
      return `${email} is no longer staff`;
    }
    throw new Error(STAFF_USAGE);
  }
}

/**
 * `review <release_id> approved | rejected <note> [--reasons=<code>,<code>] | takendown <reason>`: the
 * console's review outcome (UPC/ISRCs on approval; notifies the artist). `--reasons` names catalogue codes
 * (RELEASE_REJECTION_REASONS) as the console's checkboxes do. Prints `release <id> is <status>[ upc=..][ isrc=..]`.
 */
@Command({ name: 'review', arguments: '<release_id> <outcome> [note...]', description: 'approved | rejected <note> | takendown <reason>: UPC/ISRCs on approval; notifies the artist' })
export class ReviewCommand extends OperatorCommand {
  constructor(private readonly review: ReleaseReviewService) {
    super();
  }

  @Option({ flags: '--reasons <codes>', description: 'rejected: catalogue reason codes, comma-separated (--reasons=<code>,<code>)' })
  reasons(value: string, previous: string[] = []): string[] {
    return [...previous, ...value.split(',').filter(Boolean)];
  }

  async answer([id, outcome, ...note]: string[], options: { reasons?: string[] }): Promise<string> {
    const releaseId = Number(id);
    if (!Number.isInteger(releaseId) || releaseId <= 0) throw new Error('review <release_id> approved|rejected|takendown [reason]');
    const text = note.join(' ');
    const r =
      outcome === 'approved'
        ? await this.review.approve(releaseId, CLI_ACTOR)
        : outcome === 'rejected'
          ? await this.review.reject(releaseId, options.reasons ?? [], text, CLI_ACTOR)
          : outcome === 'takendown'
            ? await this.review.takedown(releaseId, text, CLI_ACTOR)
            : null;
    if (!r) throw new Error('outcome must be approved, rejected or takendown');
    return `release ${r.release_id} is ${r.status}${r.upc_ean ? ` upc=${r.upc_ean}` : ''}${r.isrcs.length ? ` isrc=${r.isrcs.join(',')}` : ''}`;
  }
}

/** `identifier-duplicates`: every UPC on more than one release or video and every ISRC of more than one owner (tracks and videos); changes nothing. */
@Command({ name: 'identifier-duplicates', description: 'lists every UPC on more than one release or video and every ISRC of more than one owner, tracks and videos; changes nothing' })
export class IdentifierDuplicatesCommand extends OperatorCommand {
  constructor(
    private readonly releases: ReleasesService,
    private readonly videos: VideoReleasesService,
  ) {
    super();
  }

  async answer(): Promise<string> {
    const dups = await this.releases.duplicateIdentifiers();
    const videos = await this.videos.duplicateIdentifiers();
    if (!dups.length && !videos.length) return 'no duplicate UPC or ISRC';
    return [
      ...dups.map((d) => `${d.kind.toUpperCase()} ${d.code}: ${d.holders.map((h) => `release ${h.release_id}${h.track_id ? ` track ${h.track_id}` : ''} (user ${h.user_id}, ${h.status})`).join('; ')}`),
      ...videos.map((d) => `${d.kind.toUpperCase()} ${d.code} (video): ${d.holders.map((h) => `${h.holder} ${h.id} (user ${h.user_id}, ${h.status})`).join('; ')}`),
    ].join('\n');
  }
}

/** `away on "<text>" | away off`: the portal-wide away notice; prints `away mode on|off`. */
@Command({ name: 'away', arguments: '<mode> [text]', description: 'away on "<text>" | away off: the away notice artists see' })
export class AwayCommand extends OperatorCommand {
  constructor(private readonly console: OpsConsoleService) {
    super();
  }

  async answer([mode, text]: string[]): Promise<string> {
    if (mode !== 'on' && mode !== 'off') throw new Error('away takes on or off');
    await this.console.setAway(mode === 'on', text ?? '', CLI_ACTOR);
    return `away mode ${mode}`;
  }
}

/** `revoke <email> [1|0]`: revoke a user's access (1, the default) or give it back (0); prints `<email> revoked=1|0`. */
@Command({ name: 'revoke', arguments: '<email> [flag]', description: "revoke a user's access (flag 1, the default) or give it back (0)" })
export class RevokeCommand extends OperatorCommand {
  constructor(
    private readonly users: UsersService,
    private readonly console: OpsConsoleService,
  ) {
    super();
  }

  async answer([email, flag = '1']: string[]): Promise<string> {
    const user = await this.users.findByEmail(email ?? '');
    if (!user) throw new Error(`no user ${email}`);
    await this.console.setRevoked(user.id, flag !== '0', CLI_ACTOR);
    return `${email} revoked=${flag === '0' ? 0 : 1}`;
  }
}

/** Every operator command of the console, providers of OpsModule. */
export const OPS_COMMANDS = [...OPS_CONTENT_COMMANDS, ...OPS_DESK_COMMANDS, ...OPS_TOOLS_RIGHTS_COMMANDS, StaffCommand, ReviewCommand, IdentifierDuplicatesCommand, AwayCommand, RevokeCommand];
