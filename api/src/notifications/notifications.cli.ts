import { Command } from 'nest-commander';
import { OperatorCommand } from '../common/cli/operator-command';
import { UsersService } from '../users/users.service';
import { NotificationsService } from './notifications.service';

/** `notify <email> "<text>"`: put `text` in the user's bell; prints `notified <email>`. */
@Command({ name: 'notify', arguments: '<email> <text>', description: 'put a message in a user\'s bell (quote the text)' })
export class NotifyCommand extends OperatorCommand {
  constructor(
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {
    super();
  }

  async answer([email, text]: string[]): Promise<string> {
    const user = await this.users.findByEmail(email ?? '');
    if (!user || !text) throw new Error('notify <email> "<text>"');
    await this.notifications.notify(user.id, text);
    return `notified ${email}`;
  }
}

/** Operator commands of the bell, providers of NotificationsModule. */
export const NOTIFICATIONS_COMMANDS = [NotifyCommand];
