import { SHELL_TEXT } from '@portal/contracts';
import { ConfirmDialog } from '@portal/kit';
import { useLogout } from './use-logout';

/** "Confirm Logout" / "Are you sure you want to Logout?" (core §2). */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { busy, logout } = useLogout();
  return (
    <ConfirmDialog
      open={open}
      title={SHELL_TEXT.logoutTitle}
      message={SHELL_TEXT.logoutQuestion}
      busy={busy}
      onConfirm={() => void logout()}
      onCancel={onClose}
    />
  );
}
