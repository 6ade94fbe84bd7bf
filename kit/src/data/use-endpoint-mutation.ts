import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { EndpointDef, Envelope } from '@portal/contracts';
import { api } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import { endpointScope, type EndpointInput, type EndpointRef } from './endpoint-key';

export type EndpointMutationOptions = {
  /** Endpoints whose cached answers are out of date once this call succeeded: their lists on screen reload. */
  invalidates?: readonly EndpointRef[];
  /** No error toast (the error is still the mutation's `error`). */
  silent?: boolean;
};

/** What one mutation sends: the endpoint's input, and extra headers of this call (an Idempotency-Key, a captcha token). */
export type EndpointCall<Req = unknown> = EndpointInput<Req> & { headers?: Record<string, string> };

/**
 * A call that changes data (docs/decisions/025): `mutate(input)` / `mutateAsync(input)` send
 * `api.call(endpoint, input, { headers: input.headers })`; on success every cached answer of the `invalidates` endpoints is marked
 * stale and those on screen are fetched again (the promise resolves after they were asked for).
 * Never retried. Answers TanStack Query's mutation result (the envelope as `data`).
 */
export function useEndpointMutation<Req, Res>(
  endpoint: EndpointDef<Req, Res>,
  options: EndpointMutationOptions = {},
): UseMutationResult<Envelope<Res>, ApiError, EndpointCall<Req>> {
  const client = useQueryClient();
  const { invalidates = [], silent = false } = options;
  return useMutation<Envelope<Res>, ApiError, EndpointCall<Req>>({
    mutationFn: ({ headers, ...input }) => api.call(endpoint, input, { silent, ...(headers ? { headers } : {}) }),
    onSuccess: () => Promise.all(invalidates.map((ref) => client.invalidateQueries({ queryKey: endpointScope(ref) }))).then(() => undefined),
  });
}
