import { querySignIn, withoutSignInParams } from '../src/login/query-sign-in';

describe('sign-in from the query string (spec 2.9, 4.4)', () => {
  it('takes a token, an agency secret, or a username with its password', () => {
    expect(querySignIn('?token=t1')).toEqual({ kind: 'token', token: 't1' });
    expect(querySignIn('?secret=s1&orgId=o')).toEqual({ kind: 'agencyAdmin', secret: 's1' });
    expect(querySignIn('?username=a%40b.co&password=p%26q')).toEqual({ kind: 'password', email: 'a@b.co', password: 'p&q' });
  });

  it('asks nothing without a complete pair or with nothing given', () => {
    expect(querySignIn('?username=a@b.co')).toBeUndefined();
    expect(querySignIn('')).toBeUndefined();
  });

  it('drops the sign-in values from the URL and keeps the rest', () => {
    expect(withoutSignInParams('?token=t1&tab=core')).toBe('?tab=core');
    expect(withoutSignInParams('?username=a&password=b')).toBe('');
  });
});
