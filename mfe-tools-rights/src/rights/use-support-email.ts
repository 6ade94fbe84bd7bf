import { AUTH_ENDPOINTS } from '@portal/contracts';
import { useEndpointQuery } from '@portal/kit';

/**
 * The support address for the misuse notice (areas §1 "{email}"), from GET getAppConfig (docs/decisions/001),
 * asked once per page through the kit's data layer (docs/decisions/025); '' until it arrived or when it failed.
 */
export function useSupportEmail(): string {
  const config = useEndpointQuery(AUTH_ENDPOINTS.getAppConfig, {}, { silent: true, staleTime: Infinity });
  return config.data?.body?.support_email ?? '';
}
