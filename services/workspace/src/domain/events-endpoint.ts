import { isIP } from 'node:net';

/**
 * A workspace's events endpoint must be a public http(s) URL: the platform posts to it, and
 * must not be turned against loopback or private networks. This checks the literal host;
 * the sender re-checks resolved addresses when it delivers.
 */
export function isPublicHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return false;
  const family = isIP(host);
  if (family === 4) return !isPrivateIPv4(host);
  if (family === 6) return !isPrivateIPv6(host);
  return host.includes('.');
}

const IPV4_BLOCKS: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
];
const ipv4ToInt = (ip: string) => ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;

function isPrivateIPv4(ip: string): boolean {
  const value = ipv4ToInt(ip);
  return IPV4_BLOCKS.some(([base, bits]) => value >>> (32 - bits) === ipv4ToInt(base) >>> (32 - bits));
}

function isPrivateIPv6(ip: string): boolean {
  if (ip === '::' || ip === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return isPrivateIPv4(mapped[1]!);
  if (ip.startsWith('::ffff:')) return true; // hex-written mapped IPv4: refuse rather than decode
  const first = parseInt(ip.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link local, ff00::/8 multicast
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}
