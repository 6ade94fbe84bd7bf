import { useEffect, useState } from 'react';
import { AUTH_ENDPOINTS } from '@portal/contracts';
import { api } from '@portal/kit';

/** The support address for the misuse notice (areas §1 "{email}"), from GET getAppConfig (docs/decisions/001). */
export function useSupportEmail(): string {
  const [email, setEmail] = useState('');
  useEffect(() => {
    let live = true;
    api
      .call(AUTH_ENDPOINTS.getAppConfig, {}, { silent: true })
      .then((r) => live && setEmail(r.body?.support_email ?? ''))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return email;
}
