import { STAFF_ROLES } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { UsersService } from '../users/users.service';
import { ReleasesService } from '../releases/release-info/releases.service';
import { VideoReleasesService } from '../video/video-releases.service';
import { CLI_ACTOR } from '../audit/audit.service';
import { OpsConsoleService } from './console/ops-console.service';
import { ReleaseReviewService } from './review/release-review.service';
import { StaffService } from './staff/staff.service';
import { OPS_CONTENT_CLI_COMMANDS } from './console/content.cli';
import { OPS_DESK_CLI_COMMANDS } from './console/desk.cli';
import { OPS_TOOLS_RIGHTS_CLI_COMMANDS } from './console/tools-rights.cli';

/**
 * Operator commands of the operations console (docs/decisions/008). They go through the console's services, so
 * the same rules apply and each writes an audit row (actor `cli`).
 */
export const OPS_CLI_COMMANDS: CliCommand[] = [
  ...OPS_CONTENT_CLI_COMMANDS,
  ...OPS_DESK_CLI_COMMANDS,
  ...OPS_TOOLS_RIGHTS_CLI_COMMANDS,
  {
    name: 'staff',
    usage: `staff add <email> ${STAFF_ROLES.join('|')} | staff remove <email>   (a verified user account becomes staff)`,
    run: async (app, [verb, email, role]) => {
      const staff = app.get(StaffService);
      if (verb === 'add' && email && role) return `${email} roles: ${(await staff.add(email, role, CLI_ACTOR)).join(', ')}`;
      if (verb === 'remove' && email) {
        await staff.remove(email, CLI_ACTOR);
        return `${email} is no longer staff`;
      }
      throw new Error(`staff add <email> ${STAFF_ROLES.join('|')} | staff remove <email>`);
    },
  },
  {
    name: 'review',
    usage: 'review <release_id> approved | rejected <note> [--reasons=<code>,<code>] | takendown <reason>   (UPC/ISRCs on approval; notifies the artist)',
    run: async (app, [id, outcome, ...rest]) => {
      // --reasons= names catalogue codes (RELEASE_REJECTION_REASONS) as the console's checkboxes do.
      const codes = rest.filter((a) => a.startsWith('--reasons=')).flatMap((a) => a.slice('--reasons='.length).split(',')).filter(Boolean);
      const reason = rest.filter((a) => !a.startsWith('--reasons='));
      const releaseId = Number(id);
      if (!Number.isInteger(releaseId) || releaseId <= 0) throw new Error('review <release_id> approved|rejected|takendown [reason]');
      const review = app.get(ReleaseReviewService);
      const text = reason.join(' ');
      const r =
        outcome === 'approved'
          ? await review.approve(releaseId, CLI_ACTOR)
          : outcome === 'rejected'
            ? await review.reject(releaseId, codes, text, CLI_ACTOR)
            : outcome === 'takendown'
              ? await review.takedown(releaseId, text, CLI_ACTOR)
              : null;
      if (!r) throw new Error('outcome must be approved, rejected or takendown');
      return `release ${r.release_id} is ${r.status}${r.upc_ean ? ` upc=${r.upc_ean}` : ''}${r.isrcs.length ? ` isrc=${r.isrcs.join(',')}` : ''}`;
    },
  },
  {
    name: 'identifier-duplicates',
    usage: 'identifier-duplicates   (lists every UPC on more than one release or video and every ISRC of more than one owner, tracks and videos; changes nothing)',
    run: async (app) => {
      const dups = await app.get(ReleasesService).duplicateIdentifiers();
      const videos = await app.get(VideoReleasesService).duplicateIdentifiers();
      if (!dups.length && !videos.length) return 'no duplicate UPC or ISRC';
      return [
        ...dups.map((d) => `${d.kind.toUpperCase()} ${d.code}: ${d.holders.map((h) => `release ${h.release_id}${h.track_id ? ` track ${h.track_id}` : ''} (user ${h.user_id}, ${h.status})`).join('; ')}`),
        ...videos.map((d) => `${d.kind.toUpperCase()} ${d.code} (video): ${d.holders.map((h) => `${h.holder} ${h.id} (user ${h.user_id}, ${h.status})`).join('; ')}`),
      ].join('\n');
    },
  },
  {
    name: 'away',
    usage: 'away on "<text>" | away off',
    run: async (app, [mode, text]) => {
      if (mode !== 'on' && mode !== 'off') throw new Error('away takes on or off');
      await app.get(OpsConsoleService).setAway(mode === 'on', text ?? '', CLI_ACTOR);
      return `away mode ${mode}`;
    },
  },
  {
    name: 'revoke',
    usage: 'revoke <email> [1|0]',
    run: async (app, [email, flag = '1']) => {
      const user = await app.get(UsersService).findByEmail(email ?? '');
      if (!user) throw new Error(`no user ${email}`);
      await app.get(OpsConsoleService).setRevoked(user.id, flag !== '0', CLI_ACTOR);
      return `${email} revoked=${flag === '0' ? 0 : 1}`;
    },
  },
];
