import { Password, PasswordMessages, queryFlag, queryInt, SignInRequest } from '../index';

describe('Password (spec 5)', () => {
  const messagesFor = (password: string) => {
    const result = Password.safeParse(password);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts a password meeting every rule', () => {
    expect(messagesFor('Library-demo-1')).toEqual([]);
  });

  it.each([
    ['Library-demo', [PasswordMessages.digit]],
    ['LIBRARY-DEMO-1', [PasswordMessages.lowercase]],
    ['library-demo-1', [PasswordMessages.uppercase]],
    ['Librarydemo1', [PasswordMessages.special]],
    ['Ab-1', [PasswordMessages.min]],
    [`Ab-1${'x'.repeat(125)}`, [PasswordMessages.max]],
  ])('gives one message per broken rule (%s)', (password, messages) => {
    expect(messagesFor(password)).toEqual(messages);
  });
});

describe('query helpers (spec 5)', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['yes', false],
  ])('queryFlag(true) reads %p as %p', (input, expected) => {
    expect(queryFlag(true).parse(input)).toBe(expected);
  });

  it.each([
    [undefined, 10],
    ['abc', 10],
    ['-3', 10],
    ['25', 25],
    ['7.9', 7],
    ['5000', 100],
  ])('queryInt(10, max 100) reads %p as %p', (input, expected) => {
    expect(queryInt(10, 100).parse(input)).toBe(expected);
  });
});

describe('SignInRequest', () => {
  it('needs credentials or a token to exchange', () => {
    expect(SignInRequest.safeParse({}).error?.issues[0]).toMatchObject({ path: ['credentials'], message: 'Required' });
    expect(SignInRequest.safeParse({ userToken: 'abc' }).success).toBe(true);
  });

  it("rejects unknown keys with zod's message", () => {
    expect(SignInRequest.safeParse({ userToken: 'a', extra: 1 }).error?.issues[0].message).toBe("Unrecognized key(s) in object: 'extra'");
  });
});
