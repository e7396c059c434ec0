import { RequestAbortedError } from '../../api/http-errors';
import { shouldReport } from '../report-error';

describe('shouldReport', () => {
  it.each([
    [new Error('Invalid Token'), true],
    [new RequestAbortedError('navigated away'), false],
    [new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), false],
    [new Error('DevelopmentRepository is not available'), false],
  ])('%s → %s', (error, expected) => {
    expect(shouldReport(error)).toBe(expected);
  });
});
