import { SUPPORT_MESSAGES as M } from '@portal/contracts';
import { checkPicked } from './attachment-rules';

const MB = 1024 * 1024;

describe('checkPicked (areas §5 ticket attachments)', () => {
  it('accepts the allowed extensions up to 2 MB', () => {
    const files = ['a.jpg', 'b.JPEG', 'c.png', 'd.txt', 'e.pdf'].map((name) => ({ name, size: MB }));
    expect(checkPicked(0, files)).toEqual({ accepted: files, error: null });
    expect(checkPicked(0, [{ name: 'f.xlsx', size: 2 * MB }])).toEqual({ accepted: [{ name: 'f.xlsx', size: 2 * MB }], error: null });
  });
  it('refuses a sixth file in all', () => {
    expect(checkPicked(4, [{ name: 'a.png', size: 1 }, { name: 'b.png', size: 1 }])).toEqual({ accepted: [], error: M.tooManyAttachments });
  });
  it('refuses other formats and files over 2 MB but keeps the good ones', () => {
    const r = checkPicked(0, [{ name: 'virus.exe', size: 10 }, { name: 'big.png', size: 2 * MB + 1 }, { name: 'ok.pdf', size: 10 }, { name: 'noext', size: 1 }]);
    expect(r.accepted).toEqual([{ name: 'ok.pdf', size: 10 }]);
    expect(r.error).toBe(M.attachmentType);
    expect(checkPicked(0, [{ name: 'big.png', size: 2 * MB + 1 }]).error).toBe(M.attachmentTooLarge);
  });
});
