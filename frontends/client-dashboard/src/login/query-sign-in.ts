/** What the login page's query string asks for (spec 2.9, 4.4): one of a token, a username and password, or an agency secret. */
export type QuerySignIn =
  | { kind: 'token'; token: string }
  | { kind: 'password'; email: string; password: string }
  | { kind: 'agencyAdmin'; secret: string }
  | undefined;

export function querySignIn(search: string): QuerySignIn {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token) return { kind: 'token', token };
  const secret = params.get('secret');
  if (secret) return { kind: 'agencyAdmin', secret };
  const email = params.get('username');
  const password = params.get('password');
  if (email && password) return { kind: 'password', email, password };
  return undefined;
}

/** The query without the sign-in values, so a reload or a shared URL does not carry them. */
export function withoutSignInParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['token', 'secret', 'username', 'password']) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
