import { HOSTNAME_PATTERN, MESSAGES, productSubdomainHost } from '@platform/contracts';

export type HostCheck = { host: string } | { problem: string };

/** Spec 5: a custom domain is required, lowercased without spaces, and a subdomain (two parts is refused). */
export function customDomainHost(input: string): HostCheck {
  const host = input.toLowerCase().replace(/\s+/g, '');
  if (!host) return { problem: MESSAGES.agency.customDomainRequired };
  if (host.split('.').length <= 2 || !HOSTNAME_PATTERN.test(host)) return { problem: MESSAGES.agency.subdomainRequired(host) };
  return { host };
}

/** Spec 5: the product subdomain below the root domain; a label that is not a DNS label is refused. */
export function subdomainHost(input: string, rootDomain: string): HostCheck {
  const host = productSubdomainHost(input, rootDomain);
  const label = host.slice(0, -(rootDomain.length + 1));
  if (!host || label.includes('.') || !HOSTNAME_PATTERN.test(host)) return { problem: MESSAGES.agency.subdomainRequired(input.trim() || rootDomain) };
  return { host };
}
