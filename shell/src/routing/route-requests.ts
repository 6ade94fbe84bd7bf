import type { RouteRequest } from '@portal/contracts';

/** A route's first request as the entry sent it: the request, and its HTTP status and parsed body. */
export type StartedRequest = { request: RouteRequest; answer: Promise<{ status: number; raw: unknown }> };

let started: { token: string; requests: StartedRequest[] } | undefined;

/**
 * Sends the route's first GET requests (`requests`, from the route table) with the stored session
 * `token`, from the shell's entry, while the route's code is still downloading (docs/decisions/013,
 * 025). The entry cannot use the kit's client (it arrives with the shared libraries, after the async
 * boundary), so this is a plain `fetch` that builds the URL the way the client does; the answers are
 * kept here for the layout, which hands them to the data layer (takeStartedRequests). Nothing here reads
 * them: a failure, a 401 or an unused answer is handled by the data layer like the page's own call.
 */
export function startRouteRequests(requests: readonly RouteRequest[] | undefined, token: string | null): void {
  if (!token || !requests?.length) return;
  started = {
    token,
    requests: requests.map((request) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(request.query)) if (value !== undefined && value !== null) search.set(name, String(value));
      const answer = fetch(`/api/${request.path}?${search.toString()}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      }).then(async (response) => ({ status: response.status, raw: await response.json().catch(() => null) }));
      // An unused answer that failed must not be reported as unhandled; the data layer gets the rejection.
      answer.catch(() => undefined);
      return { request, answer };
    }),
  };
}

/**
 * The requests the entry started, and the token they carry, taken once (a later layout mount starts
 * clean). Undefined when none were started.
 */
export function takeStartedRequests(): { token: string; requests: StartedRequest[] } | undefined {
  const taken = started;
  started = undefined;
  return taken;
}
