import { MalformedAckError, parseAck, refusalWords } from './ack-parser';

const header = '<MessageHeader><MessageId>A1</MessageId><MessageSender><PartyId>PADPIDA2026STORE</PartyId></MessageSender><MessageCreatedDateTime>2026-11-29T00:00:00Z</MessageCreatedDateTime></MessageHeader>';
const perRelease = (ns: string, releaseStatus: string, status: string, text = '') =>
  `<a:AcknowledgementMessage xmlns:a="${ns}" AvsVersionId="4">${header}<ReleaseStatus><ReleaseId><ICPN>0890000000012</ICPN></ReleaseId><ReleaseStatus>${releaseStatus}</ReleaseStatus><Acknowledgement><MessageType>NewReleaseMessage</MessageType><MessageId>M-1</MessageId><MessageStatus><Status>${status}</Status>${text ? `<StatusMessage>${text}</StatusMessage>` : ''}</MessageStatus></Acknowledgement></ReleaseStatus></a:AcknowledgementMessage>`;

/** The two shapes of the DDEX SFTP choreography's acknowledgements (shared/ddex/README.md), read strictly (issue 39 §1). */
describe('parseAck', () => {
  it('reads AcknowledgementMessage per release in /16, /17 and /18: MessageId, ICPN, status values and verdict', () => {
    for (const v of [16, 17, 18]) {
      const ack = parseAck(perRelease(`http://ddex.net/xml/ern-c-sftp/${v}`, 'SuccessfullyIngestedByReleaseDistributor', 'FileOK'));
      expect(ack).toMatchObject({ shape: `AcknowledgementMessage ern-c-sftp/${v}`, ackMessageId: 'A1', senderDpid: 'PADPIDA2026STORE' });
      expect(ack.entries).toEqual([
        { messageId: 'M-1', releaseId: '0890000000012', releaseIdType: 'ICPN', fileName: '', status: 'SuccessfullyIngestedByReleaseDistributor / FileOK', verdict: 'ingested', storeText: '', refusal: '' },
      ]);
    }
  });

  it('a refusal value wins; its plain words come with the store\'s text', () => {
    const [e] = parseAck(perRelease('http://ddex.net/xml/ern-c-sftp/18', 'ProcessingErrorAtReleaseDistributor', 'ResourceCorrupt', 'Track 2 truncated')).entries;
    expect(e).toMatchObject({ verdict: 'refused', refusal: 'ProcessingErrorAtReleaseDistributor', storeText: 'Track 2 truncated' });
    expect(refusalWords(e)).toBe('The store could not process the release. The store says: “Track 2 truncated”.');
  });

  it('a status value we do not know is never success, even beside FileOK', () => {
    expect(parseAck(perRelease('http://ddex.net/xml/ern-c-sftp/18', 'UnderManualReview', 'FileOK')).entries[0].verdict).toBe('unknown');
    expect(parseAck(perRelease('http://ddex.net/xml/ern-c-sftp/18', 'SuccessfullyIngestedByReleaseDistributor', 'Fileok')).entries[0].verdict).toBe('unknown');
  });

  it('reads one Acknowledgement directly under the root', () => {
    const xml = `<AcknowledgementMessage xmlns="http://ddex.net/xml/ern-c-sftp/18">${header}<Acknowledgement><MessageType>NewReleaseMessage</MessageType><MessageId>M-2</MessageId><MessageStatus><Status>FileOK</Status></MessageStatus></Acknowledgement></AcknowledgementMessage>`;
    expect(parseAck(xml).entries).toEqual([expect.objectContaining({ messageId: 'M-2', releaseId: '', verdict: 'ingested' })]);
  });

  it('reads FtpAcknowledgementMessage with or without a namespace: the file, its status, ICPN from the file name, ErrorText', () => {
    for (const ns of ['', ' xmlns="http://ddex.net/xml/ern-c-sftp/14"', ' xmlns="http://ddex.net/xml/ern-c-sftp/16"']) {
      const xml = `<FtpAcknowledgementMessage${ns}>${header}<AcknowledgedFile><FileName>20261129000000000/0890000000012/0890000000012.xml</FileName></AcknowledgedFile><FileStatus>ResourceCorrupt</FileStatus><ErrorText>bad wav</ErrorText></FtpAcknowledgementMessage>`;
      expect(parseAck(xml).entries).toEqual([
        { messageId: '', releaseId: '0890000000012', releaseIdType: 'ICPN', fileName: '20261129000000000/0890000000012/0890000000012.xml', status: 'ResourceCorrupt', verdict: 'refused', storeText: 'bad wav', refusal: 'ResourceCorrupt' },
      ]);
    }
  });

  it('refuses what is not a well-formed acknowledgement: broken XML, a DOCTYPE or entity, another root or namespace, no entry', () => {
    const bad = [
      '',
      'not xml',
      '<AcknowledgementMessage><MessageHeader></AcknowledgementMessage>',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><AcknowledgementMessage>&x;</AcknowledgementMessage>',
      '<AcknowledgementMessage>&undeclared;</AcknowledgementMessage>',
      '<NewReleaseMessage/>',
      `<AcknowledgementMessage xmlns="http://example.com/ack">${header}</AcknowledgementMessage>`,
      `<AcknowledgementMessage xmlns="http://ddex.net/xml/ern-c-sftp/18">${header}</AcknowledgementMessage>`,
      '<a/><b/>',
    ];
    for (const xml of bad) expect(() => parseAck(xml)).toThrow(MalformedAckError);
  });
});
