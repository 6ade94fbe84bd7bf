import { useState } from 'react';
import { ApiError, Muted, TextField } from '@portal/kit';
import { AUTH_MESSAGES, SUPPORT_UI } from '@portal/contracts';

const STEP_UP_CODES = new Set(['step_up_required', 'step_up_wrong_password']);

/**
 * Step-up for a money or credential change (decision 022): the server answers 403 `step_up_required`
 * when the login is older than 15 minutes. The dialog then shows a "Current password" field and sends
 * it as `current_password` with the next try. `fields()` is what to add to the body; `handle(error)`
 * answers true when the error was a step-up request (the kit already showed its message); `dismiss`
 * closes the dialog unsaved.
 */
export function useStepUp() {
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState('');
  return {
    asked,
    fields: (): { current_password?: string } => (asked && password ? { current_password: password } : {}),
    handle(error: unknown): boolean {
      if (!(error instanceof ApiError) || !STEP_UP_CODES.has(String(error.envelope?.code ?? ''))) return false;
      setAsked(true);
      return true;
    },
    reset() {
      setAsked(false);
      setPassword('');
    },
    /** Closing the dialog unsaved: its form back to the initial values, the current-password field gone, then `onClose`. */
    dismiss(form: { resetForm(): void }, onClose: () => void) {
      form.resetForm();
      setAsked(false);
      setPassword('');
      onClose();
    },
    field: asked ? (
      <div>
        <Muted id="step-up-hint">{AUTH_MESSAGES.stepUpRequired}</Muted>
        <TextField
          label={SUPPORT_UI.profile.currentPassword}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          aria-describedby="step-up-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
    ) : null,
  };
}
