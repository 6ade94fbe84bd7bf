// Jest stand-in for `ky` (ES module only) in the kit's own specs: the same calls the API client makes,
// sent to `globalThis.fetch`, which a spec replaces with a fake server at the HTTP boundary.
type Options = { method?: string; headers?: Record<string, string>; searchParams?: Record<string, string>; json?: unknown; signal?: AbortSignal };

const ky = {
  create:
    ({ prefixUrl }: { prefixUrl: string }) =>
    (path: string, { method = 'get', headers = {}, searchParams, json, signal }: Options = {}) => {
      const search = searchParams ? `?${new URLSearchParams(searchParams).toString()}` : '';
      const body = json === undefined ? undefined : JSON.stringify(json);
      return globalThis.fetch(`${prefixUrl}/${path}${search}`, { method: method.toUpperCase(), headers, body, signal });
    },
};
export default ky;
