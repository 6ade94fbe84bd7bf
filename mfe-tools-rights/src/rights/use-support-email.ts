import { useEffect, useState } from 'react';
import { api } from '@portal/kit';

/**
 * Note: getAppConfig is a core endpoint with no wire-map entry yet (as in the kit's ReleaseGate), hence
 * api.get with its path; move to api.call once the core map declares it.
 *
 * The support address for the misuse notice (areas §1 "{email}"), from GET getAppConfig (docs/decisions/001). */
export function useSupportEmail(): string {
  const [email, setEmail] = useState('');
  useEffect(() => {
    let live = true;
    api
      .get<{ support_email?: string }>('getAppConfig', undefined, { silent: true })
      .then((r) => live && setEmail(r.body?.support_email ?? ''))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return email;
}
