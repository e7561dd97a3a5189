import { DNS_TARGETS, DOMAIN_DNS, escapeHtml, type DomainVerificationRecord } from '@platform/contracts';

export interface DnsRow {
  type: string;
  name: string;
  value: string;
  ttl: string;
}

/** The DNS tutorial's records: the host itself (apex '@' → A, else CNAME), then the provider's verification record. */
export function dnsRows(host: string, verification?: DomainVerificationRecord): DnsRow[] {
  const labels = host.split('.');
  // The registrable domain: its last two labels (below `localhost`, where local hosts live, the last one).
  const rootLabels = labels.at(-1) === 'localhost' ? 1 : 2;
  const apex = labels.length <= rootLabels;
  const rows: DnsRow[] = [
    apex
      ? { type: DOMAIN_DNS.apexRecordType, name: DOMAIN_DNS.apexHost, value: DNS_TARGETS.a, ttl: DOMAIN_DNS.ttl }
      : { type: DOMAIN_DNS.subdomainRecordType, name: labels.slice(0, -rootLabels).join('.'), value: DNS_TARGETS.cname, ttl: DOMAIN_DNS.ttl },
  ];
  if (verification) {
    const name = (verification.domain ?? verification.name ?? '').replace(new RegExp(`\\.${labels.slice(-rootLabels).join('\\.')}$`), '');
    rows.push({ type: verification.type, name, value: verification.value, ttl: DOMAIN_DNS.ttl });
  }
  return rows;
}

/** The 'email your developer' message: what to add at the DNS provider. */
export function dnsInstructionsHtml(host: string, rows: DnsRow[], agencyName: string): string {
  const table = rows
    .map((r) => `<tr><td>${escapeHtml(r.type)}</td><td>${escapeHtml(r.name)}</td><td>${escapeHtml(r.value)}</td><td>${escapeHtml(r.ttl)}</td></tr>`)
    .join('');
  return `<p>Hello,</p><p>${escapeHtml(agencyName)} would like to serve its dashboard on <b>${escapeHtml(host)}</b>. Please add these DNS records at the domain's DNS provider:</p>
<table border="1" cellpadding="6" cellspacing="0"><tr><th>Type</th><th>Name</th><th>Value</th><th>TTL</th></tr>${table}</table>
<p>Changes can take ${DOMAIN_DNS.propagationHours.min} to ${DOMAIN_DNS.propagationHours.max} hours to propagate.</p>`;
}

export const dnsInstructionsText = (host: string, rows: DnsRow[]) =>
  [`DNS records for ${host}:`, ...rows.map((r) => `${r.type}\t${r.name}\t${r.value}\tTTL ${r.ttl}`)].join('\n');
