import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;

/**
 * AES-256-GCM for credentials kept at rest (channel tokens, private keys). The 256-bit key is
 * the SHA-256 of the configured secret (a long random value, e.g. CHANNEL_CREDENTIALS_KEY).
 * A sealed value reads `enc:v1:<iv>.<tag>.<ciphertext>` (base64url); tampering fails to open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${PREFIX}${[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.')}`;
  }

  /** Throws when the value was not sealed with this key or was changed. */
  open(sealed: string): string {
    const [iv, tag, ciphertext] = sealed.slice(PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!SecretBox.isSealed(sealed) || !iv || !tag || !ciphertext) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  }
}
