import { GENERIC_ARTWORK_ERROR, GENERIC_ERROR } from '@portal/contracts';
import { readEnvelope } from './envelope-outcome';

describe('readEnvelope (core §4, §8)', () => {
  it('accepts status 200', () => {
    const outcome = readEnvelope<{ a: number }>({ status: 200, message: 'ok', body: { a: 1 } }, 200, true);
    expect(outcome).toEqual({ kind: 'ok', envelope: { status: 200, message: 'ok', body: { a: 1 } } });
  });
  it('treats status 0 as session over', () => {
    expect(readEnvelope({ status: 0, message: 'ended' }, 401, true)).toMatchObject({ kind: 'session-over', message: 'ended' });
    expect(readEnvelope({ status: 0, message: '' }, 200, false)).toMatchObject({ kind: 'session-over' });
  });
  it('treats HTTP 401 as session over only when a token was sent', () => {
    expect(readEnvelope({ status: 401, message: 'Invalid email or password.' }, 401, false)).toMatchObject({ kind: 'failed' });
    expect(readEnvelope({ status: 401, message: 'x' }, 401, true)).toMatchObject({ kind: 'session-over' });
  });
  it("shows the server's message, or the fallback when empty", () => {
    expect(readEnvelope({ status: 400, message: 'Please fill all required fields' }, 400, true)).toMatchObject({
      kind: 'failed',
      message: 'Please fill all required fields',
    });
    expect(readEnvelope({ status: 500, message: '  ' }, 500, true)).toMatchObject({ message: GENERIC_ERROR });
    expect(readEnvelope(null, 502, true, GENERIC_ARTWORK_ERROR)).toMatchObject({ kind: 'failed', message: GENERIC_ARTWORK_ERROR, envelope: { status: 502 } });
  });
  it('does not trust status 200 in a body sent with an HTTP error', () => {
    expect(readEnvelope({ status: 200, message: '' }, 500, true)).toMatchObject({ kind: 'failed' });
  });
});
