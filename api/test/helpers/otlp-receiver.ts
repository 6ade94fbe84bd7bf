import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as the receiver decoded it (ids in lower-case hex). */
export type ReceivedSpan = { traceId: string; spanId: string; parentSpanId: string; name: string; kind: number; attributes: Record<string, string | number | boolean>; service: string };

/** An in-test OTLP/HTTP trace receiver: POST /v1/traces (protobuf or JSON), every span kept in `spans`. */
export type OtlpReceiver = { url: string; spans: ReceivedSpan[]; close(): Promise<void> };

type Field = { no: number; wire: number; value: bigint | Buffer };

/** The fields of one protobuf message (wire types 0, 1, 2, 5; groups are not used by OTLP). */
function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[i++]!;
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  };
  while (i < buf.length) {
    const key = Number(varint());
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 1) out.push({ no, wire, value: buf.subarray(i, (i += 8)) });
    else if (wire === 5) out.push({ no, wire, value: buf.subarray(i, (i += 4)) });
    else if (wire === 2) {
      const len = Number(varint());
      out.push({ no, wire, value: buf.subarray(i, (i += len)) });
    } else throw new Error(`protobuf wire type ${wire} not expected in OTLP`);
  }
  return out;
}
const bytesOf = (f: Field[], no: number) => f.filter((x) => x.no === no).map((x) => x.value as Buffer);
const first = (f: Field[], no: number) => bytesOf(f, no)[0];

/** AnyValue → string, number or boolean (string 1, bool 2, int 3, double 4). */
function anyValue(buf: Buffer): string | number | boolean {
  const f = fields(buf)[0];
  if (!f) return '';
  if (f.no === 1) return (f.value as Buffer).toString('utf8');
  if (f.no === 2) return f.value === 1n;
  if (f.no === 3) return Number(f.value as bigint);
  if (f.no === 4) return (f.value as Buffer).readDoubleLE(0);
  return '';
}
function attributes(list: Buffer[]): Record<string, string | number | boolean> {
  return Object.fromEntries(list.map((kv) => fields(kv)).map((kv) => [first(kv, 1)?.toString('utf8') ?? '', first(kv, 2) ? anyValue(first(kv, 2)!) : '']));
}

/** The spans of an ExportTraceServiceRequest in protobuf (opentelemetry/proto/collector/trace/v1). */
export function decodeTraces(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of bytesOf(fields(body), 1).map(fields)) {
    const resource = first(rs, 1);
    const service = String(resource ? (attributes(bytesOf(fields(resource), 1))['service.name'] ?? '') : '');
    for (const ss of bytesOf(rs, 2).map(fields)) {
      for (const s of bytesOf(ss, 2).map(fields)) {
        const kind = s.find((x) => x.no === 6);
        spans.push({
          traceId: first(s, 1)?.toString('hex') ?? '',
          spanId: first(s, 2)?.toString('hex') ?? '',
          parentSpanId: first(s, 4)?.toString('hex') ?? '',
          name: first(s, 5)?.toString('utf8') ?? '',
          kind: kind ? Number(kind.value as bigint) : 0,
          attributes: attributes(bytesOf(s, 9)),
          service,
        });
      }
    }
  }
  return spans;
}

/** The spans of an ExportTraceServiceRequest in OTLP/JSON (ids hex). */
function decodeJson(body: Buffer): ReceivedSpan[] {
  type V = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
  const value = (v: V) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));
  const attrs = (list: Array<{ key: string; value: V }> = []) => Object.fromEntries(list.map((a) => [a.key, value(a.value)]));
  const json = JSON.parse(body.toString('utf8')) as { resourceSpans: Array<{ resource?: { attributes?: Array<{ key: string; value: V }> }; scopeSpans: Array<{ spans: Array<Record<string, unknown>> }> }> };
  return json.resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s) => ({
        traceId: String(s.traceId),
        spanId: String(s.spanId),
        parentSpanId: String(s.parentSpanId ?? ''),
        name: String(s.name),
        kind: Number(s.kind ?? 0),
        attributes: attrs(s.attributes as Array<{ key: string; value: V }>),
        service: String(attrs(rs.resource?.attributes)['service.name'] ?? ''),
      })),
    ),
  );
}

/** Start a receiver on a free port of 127.0.0.1; its `url` is what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const json = String(req.headers['content-type']).includes('json');
      spans.push(...(json ? decodeJson(body) : decodeTraces(body)));
      // An empty ExportTraceServiceResponse.
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : Buffer.alloc(0));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
