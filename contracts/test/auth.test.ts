import {
  AUTH_MESSAGES,
  deleteWorkspaceRequestSchema,
  passwordLoginRequestSchema,
  requestLoginCodeRequestSchema,
  setPasswordRequestSchema,
  verifyLoginCodeRequestSchema,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

describe('sign-in requests', () => {
  it('normalises the e-mail and refuses bad ones with one message', () => {
    expect(valueOf(requestLoginCodeRequestSchema, { email: '  Ann@Example.COM ' })).toEqual({ email: 'ann@example.com' });
    for (const email of [undefined, '', 'nope', `${tooLong(254)}@x.co`]) {
      expect(errorOf(requestLoginCodeRequestSchema, { email })).toBe(AUTH_MESSAGES.emailInvalid);
    }
    expect(errorOf(requestLoginCodeRequestSchema, { email: 42 })).toMatch(/must be a string/);
    expect(errorOf(requestLoginCodeRequestSchema, { email: 'a@b.co', extra: 1 })).toMatch(/is not allowed/);
  });

  it('takes a 6-digit code plus the remembered ref and utm_source', () => {
    expect(valueOf(verifyLoginCodeRequestSchema, { email: 'a@b.co', code: ' 012345 ', ref: 'r1', utm_source: 'ads' })).toEqual({
      email: 'a@b.co',
      code: '012345',
      ref: 'r1',
      utm_source: 'ads',
    });
    for (const code of ['12345', '1234567', 'abcdef', '']) expect(errorOf(verifyLoginCodeRequestSchema, { email: 'a@b.co', code })).toBe(AUTH_MESSAGES.codeFormat);
    expect(errorOf(verifyLoginCodeRequestSchema, { email: 'a@b.co', code: '123456', ref: tooLong(100) })).toMatch(/less than or equal to 100/);
  });

  it('bounds passwords', () => {
    expect(errorOf(setPasswordRequestSchema, { password: 'short' })).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(errorOf(setPasswordRequestSchema, { password: tooLong(128) })).toBe(AUTH_MESSAGES.passwordTooLong);
    expect(errorOf(setPasswordRequestSchema, { password: 'long enough' })).toBeUndefined();
    expect(errorOf(passwordLoginRequestSchema, { email: 'a@b.co' })).toBe(AUTH_MESSAGES.loginFailed);
    expect(errorOf(passwordLoginRequestSchema, { email: 'a@b.co', password: 'x' })).toBeUndefined();
  });

  it('requires the exact delete confirmation', () => {
    expect(errorOf(deleteWorkspaceRequestSchema, { confirmation: 'THIS ACTION CANNOT BE UNDONE' })).toBeUndefined();
    for (const confirmation of [undefined, '', 'this action cannot be undone', 'yes']) {
      expect(errorOf(deleteWorkspaceRequestSchema, { confirmation })).toBe(AUTH_MESSAGES.deleteConfirmation);
    }
  });
});
