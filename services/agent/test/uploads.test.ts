import { MESSAGES, UPLOAD } from '@platform/contracts';
import {
  SERVER_ACCEPT,
  SERVER_MAX_SIZE_MB,
  checkUpload,
  decodeBase64Payload,
  extensionForMimeType,
  extensionOf,
  isHtml,
  isSvg,
  servedInline,
  sizeKB,
  sniffImageType,
  storedPath,
} from '../src/domain/uploads';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1');
const b64 = (bytes: Buffer, mime?: string) => (mime ? `data:${mime};base64,` : '') + bytes.toString('base64');
const fixedName = () => 'AbCd1234';

describe('sniffImageType', () => {
  it('recognises images by their magic bytes only', () => {
    expect(sniffImageType(PNG)).toEqual({ extension: 'png', contentType: 'image/png' });
    expect(sniffImageType(JPEG)).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(sniffImageType(GIF)?.contentType).toBe('image/gif');
    expect(sniffImageType(WEBP)?.contentType).toBe('image/webp');
    expect(sniffImageType(SVG)?.contentType).toBe('image/svg+xml');
    expect(sniffImageType(PDF)).toBeUndefined();
    expect(sniffImageType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it('knows an SVG from other XML and HTML', () => {
    expect(isSvg(Buffer.from('\uFEFF  <svg>'))).toBe(true);
    expect(isSvg(Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg/>'))).toBe(true);
    expect(isSvg(Buffer.from('<?xml version="1.0"?><html/>'))).toBe(false);
    expect(isSvg(Buffer.from('<svgx>'))).toBe(false);
  });
});

describe('names and paths', () => {
  it('reads extensions and MIME types', () => {
    expect(extensionOf('a/b/Logo.PNG')).toBe('png');
    expect(extensionOf('folder.v2/file')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf(undefined)).toBe('');
    expect(extensionForMimeType('image/jpeg')).toBe('jpg');
    expect(extensionForMimeType('text/csv')).toBe('csv');
    expect(extensionForMimeType('text/html')).toBe('html');
    expect(extensionForMimeType('application/x-sh')).toBe('');
  });

  it('decodes plain base64 and data URLs', () => {
    expect(decodeBase64Payload(b64(PNG))).toEqual({ bytes: PNG, claimedMimeType: undefined });
    expect(decodeBase64Payload(b64(PNG, 'image/png'))).toEqual({ bytes: PNG, claimedMimeType: 'image/png' });
  });

  it('files the stored name in the target folder', () => {
    expect(storedPath('agents/a1/images/', 'AbCd1234.png')).toBe('agents/a1/images/AbCd1234.png');
    expect(storedPath('agents/a1/logo.png', 'AbCd1234.png')).toBe('agents/a1/AbCd1234.png');
    expect(storedPath('', 'AbCd1234.png')).toBe('AbCd1234.png');
    expect(sizeKB(1234)).toBe(1.23);
    expect(servedInline('AbCd1234.png')).toBe(true);
    expect(servedInline('AbCd1234.csv')).toBe(false);
  });
});

describe('checkUpload', () => {
  it('accepts an image, names it 8 random characters plus the extension and takes the type from the bytes', () => {
    const result = checkUpload({ base64Payload: b64(PNG, 'image/gif'), targetPath: 'agents/a1', fileName: 'logo.png' }, fixedName);
    expect(result).toEqual({ ok: true, bytes: PNG, name: 'AbCd1234.png', extension: 'png', contentType: 'image/png', sizeBytes: PNG.length });
    const generated = checkUpload({ base64Payload: b64(PNG), targetPath: 'x' });
    expect(generated.ok && generated.name).toMatch(/^[A-Za-z0-9]{8}\.png$/);
  });

  it('finds the extension in the file name, the target path, the claimed type, then the bytes', () => {
    expect(checkUpload({ base64Payload: b64(JPEG), targetPath: 'a/photo.jpeg' }, fixedName)).toMatchObject({ ok: true, name: 'AbCd1234.jpeg', contentType: 'image/jpeg' });
    expect(checkUpload({ base64Payload: b64(PDF, 'application/pdf'), targetPath: 'docs' }, fixedName)).toMatchObject({ ok: true, name: 'AbCd1234.pdf' });
    expect(checkUpload({ base64Payload: b64(GIF), targetPath: 'images' }, fixedName)).toMatchObject({ ok: true, name: 'AbCd1234.gif' });
  });

  it("refuses files over maxSizeMB × 1,000,000 bytes with 'Max size: {n} MBs'", () => {
    const limit = 0.5 * UPLOAD.bytesPerMB;
    const exact = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]);
    expect(checkUpload({ base64Payload: b64(exact), targetPath: 'x', fileName: 'a.png', maxSizeMB: 0.5 }).ok).toBe(true);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    expect(checkUpload({ base64Payload: b64(over), targetPath: 'x', fileName: 'a.png', maxSizeMB: 0.5 })).toEqual({ ok: false, message: 'Max size: 0.5 MBs' });
    expect(MESSAGES.channels.uploadTooLarge(0.5)).toBe('Max size: 0.5 MBs');
  });

  it('caps the widget limit at the server limit, refusing before decoding', () => {
    const huge = 'A'.repeat(Math.ceil((SERVER_MAX_SIZE_MB * UPLOAD.bytesPerMB) / 3) * 4 + 8);
    expect(checkUpload({ base64Payload: huge, targetPath: 'x', fileName: 'a.png' })).toEqual({ ok: false, message: `Max size: ${SERVER_MAX_SIZE_MB} MBs` });
    expect(checkUpload({ base64Payload: huge, targetPath: 'x', fileName: 'a.png', maxSizeMB: 50 })).toEqual({ ok: false, message: 'Max size: 20 MBs' });
  });

  it("refuses extensions outside the widget's accept list with 'Only {accept} Files'", () => {
    expect(checkUpload({ base64Payload: b64(PDF), targetPath: 'x', fileName: 'doc.pdf', accept: '.png,.jpg' })).toEqual({ ok: false, message: 'Only .png,.jpg Files' });
    expect(checkUpload({ base64Payload: b64(PNG), targetPath: 'x', fileName: 'logo.PNG', accept: 'png, jpg' }, fixedName)).toMatchObject({ ok: true, name: 'AbCd1234.png' });
  });

  it('refuses extensions outside the server whitelist, whatever the widget accepts', () => {
    const script = Buffer.from('#!/bin/sh\necho hi\n');
    expect(checkUpload({ base64Payload: b64(script), targetPath: 'x', fileName: 'run.sh', accept: '.sh' })).toEqual({ ok: false, message: `Only ${SERVER_ACCEPT} Files` });
    expect(checkUpload({ base64Payload: b64(script, 'application/x-sh'), targetPath: 'x' })).toEqual({ ok: false, message: `Only ${SERVER_ACCEPT} Files` });
    expect(SERVER_ACCEPT).toMatch(/^\.png,\.jpg,\.jpeg,/);
  });

  it('accepts HTML documents (.html, .htm, text/html) whose bytes sniff as HTML, stored as a download', () => {
    const page = Buffer.from('\uFEFF\n  <!DOCTYPE html>\n<html><head><title>Menu</title></head><body><p>Rye</p></body></html>');
    expect(checkUpload({ base64Payload: b64(page), targetPath: 'x', fileName: 'menu.html', accept: '.pdf,.html,.htm' }, fixedName)).toMatchObject({ ok: true, name: 'AbCd1234.html', contentType: 'text/html; charset=utf-8' });
    expect(checkUpload({ base64Payload: b64(page), targetPath: 'x', fileName: 'MENU.HTM' }, fixedName)).toMatchObject({ ok: true, name: 'AbCd1234.htm' });
    expect(checkUpload({ base64Payload: b64(page, 'text/html'), targetPath: 'x' }, fixedName)).toMatchObject({ ok: true, extension: 'html' });
    expect(servedInline('AbCd1234.html')).toBe(false);
    expect(isHtml(Buffer.from('<p>One paragraph</p>'))).toBe(true);
    expect(isHtml(Buffer.from('<!-- note --><div>x</div>'))).toBe(true);
    // plain text, a PNG or an SVG named .html are not HTML
    expect(checkUpload({ base64Payload: b64(Buffer.from('Just words')), targetPath: 'x', fileName: 'page.html' }).ok).toBe(false);
    expect(checkUpload({ base64Payload: b64(PNG), targetPath: 'x', fileName: 'page.html' }).ok).toBe(false);
    expect(isHtml(SVG)).toBe(false);
    expect(isHtml(Buffer.from('<pre>'))).toBe(false);
  });

  it('refuses bytes that are not what the extension says (the client is not trusted)', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(checkUpload({ base64Payload: b64(html, 'image/png'), targetPath: 'x', fileName: 'evil.png', accept: '.png' })).toEqual({ ok: false, message: 'Only .png Files' });
    expect(checkUpload({ base64Payload: b64(JPEG), targetPath: 'x', fileName: 'photo.png' })).toEqual({ ok: false, message: `Only ${SERVER_ACCEPT} Files` });
    expect(checkUpload({ base64Payload: b64(Buffer.from([0, 1, 2, 3])), targetPath: 'x', fileName: 'notes.txt' }).ok).toBe(false);
    expect(checkUpload({ base64Payload: b64(Buffer.alloc(0)), targetPath: 'x', fileName: 'empty.png' }).ok).toBe(false);
  });
});
