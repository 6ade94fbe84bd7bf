import { Command } from 'nest-commander';
import { OperatorCommand } from '../common/cli/operator-command';
import { PublicPageService } from './public-page.service';

/**
 * `presave-forget <email>`: delete an e-mail address from every release's pre-save list (a fan's
 * deletion request that came by mail rather than through the link every mail carries). Prints how many
 * sign-ups went.
 */
@Command({ name: 'presave-forget', arguments: '<email>', description: "deletes an e-mail address from every release's pre-save list" })
export class PresaveForgetCommand extends OperatorCommand {
  constructor(private readonly pages: PublicPageService) {
    super();
  }

  async answer([email]: string[]): Promise<string> {
    if (!email || !email.includes('@')) throw new Error('presave-forget <email>');
    const removed = await this.pages.forget(email);
    return `${email.trim().toLowerCase()}: ${removed} pre-save sign-up(s) deleted`;
  }
}

export const PUBLIC_PAGE_COMMANDS = [PresaveForgetCommand];
