import { ApiError, NETWORK_ERROR_STATUS } from './api-error';

/** A refusal's stable code is what a page branches on (docs/decisions/014), not its message. */
describe('ApiError', () => {
  it('carries the envelope’s code', () => {
    const error = new ApiError('This release is your own.', 403, { status: 403, message: 'This release is your own.', code: 'four_eyes' });
    expect(error.code).toBe('four_eyes');
    expect(error.status).toBe(403);
  });

  it('has no code when no envelope came', () => {
    expect(new ApiError('Something went wrong.', NETWORK_ERROR_STATUS, null).code).toBeUndefined();
  });
});
