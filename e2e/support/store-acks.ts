/**
 * Acknowledgement files as a store drops them on its SFTP server (issue 39 §1): the older
 * FtpAcknowledgementMessage (`ern-c-sftp/16`), one file's status and the store's error text.
 */
export const ftpAck = (fileName: string, status: string, error: string) => `<?xml version="1.0" encoding="UTF-8"?>
<FtpAcknowledgementMessage xmlns="http://ddex.net/xml/ern-c-sftp/16">
  <MessageHeader><MessageId>FTPACK-${Date.now()}</MessageId><MessageCreatedDateTime>${new Date().toISOString()}</MessageCreatedDateTime></MessageHeader>
  <AcknowledgedFile><FileName>${fileName}</FileName></AcknowledgedFile>
  <FileStatus>${status}</FileStatus>
  <ErrorText>${error}</ErrorText>
</FtpAcknowledgementMessage>
`;
