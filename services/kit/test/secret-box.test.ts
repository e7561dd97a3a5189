import { SecretBox } from '@platform/kit';

describe('SecretBox (AES-256-GCM at rest)', () => {
  const box = new SecretBox('k'.repeat(48));

  it('seals to a different text each time and opens back', () => {
    const a = box.seal('EAAG-whatsapp-token');
    const b = box.seal('EAAG-whatsapp-token');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('whatsapp');
    expect(box.open(a)).toBe('EAAG-whatsapp-token');
    expect(SecretBox.isSealed(a)).toBe(true);
    expect(SecretBox.isSealed('EAAG-whatsapp-token')).toBe(false);
  });

  it('refuses another key and a changed ciphertext', () => {
    const sealed = box.seal('private key');
    expect(() => new SecretBox('other'.repeat(10)).open(sealed)).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(flipped)).toThrow();
  });
});
