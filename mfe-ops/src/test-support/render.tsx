import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, ApiError, createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import type { EndpointDef, Envelope } from '@portal/contracts';

/** What a mocked endpoint answers: a body (status 200), or an ApiError the call rejects with. */
export type Answer = unknown | ApiError;
type Handler = (input: { body?: unknown; query?: Record<string, unknown> }) => Answer;

/**
 * Replace `api.call` with answers per endpoint path (`ops/remotes`, `staff/session`...): a body, or an
 * ApiError to reject with. An endpoint without a handler answers an empty list. Answers the spy, whose
 * calls are `[endpoint, input]`.
 */
export function mockApi(handlers: Record<string, Handler | unknown>) {
  return jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>, input: { body?: unknown; query?: Record<string, unknown> } = {}) => {
    const handler = handlers[endpoint.path];
    const answer = typeof handler === 'function' ? (handler as Handler)(input) : handler === undefined ? [] : handler;
    if (answer instanceof ApiError) throw answer;
    return { status: 200, message: `${endpoint.path} done`, body: answer, total: Array.isArray(answer) ? answer.length : undefined } as Envelope<unknown>;
  }) as unknown as typeof api.call);
}

/** The calls the spy saw to the endpoint at `path`, as their inputs. */
export const callsTo = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.filter(([endpoint]) => (endpoint as EndpointDef<unknown, unknown>).path === path).map(([, input]) => input as { body?: Record<string, unknown>; query?: Record<string, unknown> });

/** Render a console screen inside a router at `url`, with a fresh page QueryClient (as the shell's layout provides). */
export function renderAt(url: string, element: ReactElement) {
  return render(
    <PortalQueryProvider client={createPortalQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>
    </PortalQueryProvider>,
  );
}
