/** E-mail addresses compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const sameEmail = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && normalizeEmail(a) === normalizeEmail(b);

export const includesEmail = (list: readonly string[] | undefined, email: string) => (list ?? []).some((item) => sameEmail(item, email));
