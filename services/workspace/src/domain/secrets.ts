import { randomInt } from 'node:crypto';
import { LOGIN_CODE_LENGTH } from '@platform/contracts';

/** Password and short-lived secret hashing live once in the kit (agency clients use them too). */
export { DUMMY_PASSWORD_HASH, hashPassword, keyedHash, sameHash, verifyPassword } from '@platform/kit';

/** A one-time sign-in code: LOGIN_CODE_LENGTH uniformly random digits. */
export const newLoginCode = () => String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
