import { SaxesParser } from 'saxes';
import { ACK_REFUSAL_WORDS, ACK_SUCCESS_VALUES } from '@portal/contracts';

/** A node of a parsed acknowledgement: local name, namespace, children and text (whitespace trimmed). */
type XmlNode = { name: string; uri: string; children: XmlNode[]; text: string };

/** How one entry of an acknowledgement reads: `ingested`, `refused` (a known refusal value) or `unknown`. */
export type AckVerdict = 'ingested' | 'refused' | 'unknown';

/**
 * One thing an acknowledgement says about one of our messages: which message (its MessageId, when the
 * shape carries it), which release (ICPN or another id, with its kind), which file (older shape), the
 * raw status values, the verdict and the store's own words.
 */
export type AckEntry = {
  messageId: string;
  releaseId: string;
  releaseIdType: 'ICPN' | 'GRid' | 'CatalogNumber' | 'ProprietaryId' | '';
  fileName: string;
  /** Every status value read, e.g. `SuccessfullyIngestedByReleaseDistributor / FileOK`. */
  status: string;
  verdict: AckVerdict;
  /** The store's StatusMessage or ErrorText ('' when none). */
  storeText: string;
  /** The first refusal value, whose plain words the artist reads. */
  refusal: string;
};

/** A parsed acknowledgement file. `shape` names the root and its namespace version, e.g. `AcknowledgementMessage ern-c-sftp/18`. */
export type ParsedAck = { shape: string; ackMessageId: string; senderDpid: string; entries: AckEntry[] };

/** A file that is not an acknowledgement we can read: not XML, another root, or no entry. */
export class MalformedAckError extends Error {}

const SFTP_NS = /^http:\/\/ddex\.net\/xml\/ern-c-sftp\/(1[4-9]|[2-9]\d)$/;
const SUCCESS = new Set<string>(ACK_SUCCESS_VALUES);

/**
 * Parse an acknowledgement with a strict, namespace-aware XML parser (saxes: well-formedness errors,
 * undeclared entities and a DOCTYPE are refused; nothing external is ever fetched). Reads both shapes of
 * the DDEX SFTP choreography (shared/ddex/README.md "Acknowledgements"):
 * - `AcknowledgementMessage` (ern-c-sftp/16..18): one entry per `ReleaseStatus` (ReleaseId, the release
 *   status value, its Acknowledgement's MessageId and MessageStatus/Status and StatusMessage), or one for
 *   an `Acknowledgement` directly under the root;
 * - `FtpAcknowledgementMessage` (ern-c-sftp/14..16 or no namespace): one entry per `FileStatus`, with the
 *   `AcknowledgedFile` (FileName, ReleaseId, MessageId when given) before it and the `ErrorText` after it.
 * Verdict: every status value read must be a known success value for `ingested`; any known refusal value
 * makes it `refused`; otherwise (an unknown value, or none) `unknown`, never success.
 * Errors: MalformedAckError.
 */
export function parseAck(xml: string): ParsedAck {
  const root = parseTree(xml);
  const version = SFTP_NS.exec(root.uri)?.[1];
  if (root.uri && !version) throw new MalformedAckError(`unknown namespace ${root.uri}`);
  const header = child(root, 'MessageHeader');
  const ackMessageId = text(header, 'MessageId');
  const senderDpid = text(child(header, 'MessageSender'), 'PartyId');
  const shape = `${root.name}${version ? ` ern-c-sftp/${version}` : ''}`;
  let entries: AckEntry[];
  if (root.name === 'AcknowledgementMessage') {
    if (version && Number(version) < 16) throw new MalformedAckError(`AcknowledgementMessage in ern-c-sftp/${version}`);
    const perRelease = root.children.filter((c) => c.name === 'ReleaseStatus');
    entries = perRelease.map(releaseEntry);
    const whole = root.children.filter((c) => c.name === 'Acknowledgement');
    entries.push(...whole.map((a) => acknowledgementEntry(a, { releaseId: '', releaseIdType: '', values: [] })));
  } else if (root.name === 'FtpAcknowledgementMessage') {
    if (version && Number(version) > 16) throw new MalformedAckError(`FtpAcknowledgementMessage in ern-c-sftp/${version}`);
    entries = fileEntries(root);
  } else {
    throw new MalformedAckError(`not an acknowledgement: root element ${root.name}`);
  }
  if (!entries.length) throw new MalformedAckError('the acknowledgement names no release, message or file');
  return { shape, ackMessageId, senderDpid, entries };
}

/** The plain words of a refusal for the artist: the known value's words, then the store's text. */
export function refusalWords(entry: Pick<AckEntry, 'refusal' | 'storeText'>): string {
  const words = ACK_REFUSAL_WORDS[entry.refusal] ?? '';
  const store = entry.storeText.trim();
  return [words, store && !words.includes(store) ? `The store says: “${store.slice(0, 500)}”.` : ''].filter(Boolean).join(' ');
}

function releaseEntry(rs: XmlNode): AckEntry {
  const id = child(rs, 'ReleaseId');
  const kinds = ['ICPN', 'GRid', 'CatalogNumber', 'ProprietaryId'] as const;
  const kind = kinds.find((k) => child(id, k)) ?? '';
  const releaseId = kind ? text(id, kind) : (id?.text ?? '');
  // The nested status value: `ReleaseStatus/ReleaseStatus` (also read as a `Status` child, seen in practice).
  const values = rs.children.filter((c) => (c.name === 'ReleaseStatus' || c.name === 'Status') && !c.children.length).map((c) => c.text);
  const ack = child(rs, 'Acknowledgement');
  if (!ack) return verdictOf({ messageId: '', releaseId, releaseIdType: kind, fileName: '', values, storeText: '' });
  return acknowledgementEntry(ack, { releaseId, releaseIdType: kind, values });
}

function acknowledgementEntry(ack: XmlNode, rel: { releaseId: string; releaseIdType: AckEntry['releaseIdType']; values: string[] }): AckEntry {
  const ms = child(ack, 'MessageStatus');
  const values = [...rel.values, ...(ms ? ms.children.filter((c) => c.name === 'Status').map((c) => c.text) : [])];
  if (ms && !ms.children.length && ms.text) values.push(ms.text);
  const storeText = ms ? text(ms, 'StatusMessage') : text(ack, 'StatusMessage');
  return verdictOf({ messageId: text(ack, 'MessageId'), releaseId: rel.releaseId, releaseIdType: rel.releaseIdType, fileName: '', values, storeText });
}

function fileEntries(root: XmlNode): AckEntry[] {
  const out: AckEntry[] = [];
  let file: XmlNode | undefined;
  for (const [i, c] of root.children.entries()) {
    if (c.name === 'AcknowledgedFile') file = c;
    if (c.name !== 'FileStatus') continue;
    const next = root.children[i + 1];
    const errorText = next?.name === 'ErrorText' ? next.text : '';
    const fileName = file ? text(file, 'FileName') || file.text : '';
    const id = file ? child(file, 'ReleaseId') : undefined;
    const icpn = (id && (text(id, 'ICPN') || (id.children.length ? '' : id.text))) || /(\d{12,14})\.xml$/i.exec(fileName)?.[1] || '';
    out.push(verdictOf({ messageId: file ? text(file, 'MessageId') : '', releaseId: icpn, releaseIdType: icpn ? 'ICPN' : '', fileName, values: [c.text], storeText: errorText }));
    file = undefined;
  }
  return out;
}

function verdictOf(e: { messageId: string; releaseId: string; releaseIdType: AckEntry['releaseIdType']; fileName: string; values: string[]; storeText: string }): AckEntry {
  const values = e.values.map((v) => v.trim()).filter(Boolean);
  const refusal = values.find((v) => ACK_REFUSAL_WORDS[v] !== undefined) ?? '';
  const verdict: AckVerdict = refusal ? 'refused' : values.length && values.every((v) => SUCCESS.has(v)) ? 'ingested' : 'unknown';
  return { messageId: e.messageId, releaseId: e.releaseId, releaseIdType: e.releaseIdType, fileName: e.fileName, status: values.join(' / ').slice(0, 128), verdict, storeText: e.storeText.slice(0, 800), refusal };
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}
function text(node: XmlNode | undefined, name: string): string {
  return child(node, name)?.text ?? '';
}

/** The element tree of `xml` (strict: saxes throws on the first well-formedness error). */
function parseTree(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('doctype', () => {
    error ??= new Error('a DOCTYPE is not allowed in an acknowledgement');
  });
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.local ?? tag.name, uri: tag.uri ?? '', children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('cdata', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node) node.text = node.text.trim();
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= e as Error;
  }
  if (error) throw new MalformedAckError(`not well-formed XML: ${error.message.slice(0, 300)}`);
  if (!root) throw new MalformedAckError('empty file');
  return root;
}
