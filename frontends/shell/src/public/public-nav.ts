import { PUBLIC_MARKETING_PATHS } from '@platform/contracts';
import { PRODUCT } from '@platform/ui';

/** A header or footer link: internal paths use the router, http(s) links open the external site. */
export interface PublicLink {
  label: string;
  href: string;
}

export const isExternal = (href: string) => /^https?:\/\//.test(href);

/** The home page is the main landing page, so it gets the marketing header too. */
export function isMarketingPath(pathname: string): boolean {
  return pathname === '/' || (PUBLIC_MARKETING_PATHS as readonly string[]).includes(pathname);
}

export const HEADER_LINKS: PublicLink[] = [
  { label: 'Affiliates', href: PRODUCT.affiliatesUrl },
  { label: 'Docs', href: PRODUCT.docsUrl },
  { label: 'Discord', href: PRODUCT.discordUrl },
  { label: 'Pricing', href: '/pricing' },
];

export const MARKETING_HEADER_LINKS: PublicLink[] = [
  { label: 'Integration list', href: '/integrations' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'Get free plan now', href: '/get-free-plan' },
  { label: 'About Us', href: '/legal/about' },
  { label: 'Security', href: '/legal/gdpr' },
];

export const headerLinksFor = (pathname: string) => (isMarketingPath(pathname) ? MARKETING_HEADER_LINKS : HEADER_LINKS);

/** Path of the privacy policy specific to the AI agents (spec 2.1: "a product-specific privacy policy page"). */
export const AGENT_PRIVACY_PATH = '/legal/ai-agents-privacy-policy';

export const FOOTER_COLUMNS: { title: 'Legal' | 'Support' | 'Compliance'; links: PublicLink[] }[] = [
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: '/legal/tos' },
      { label: 'Privacy Policy', href: '/legal/privacy-policy' },
      { label: 'AI Agents Privacy Policy', href: AGENT_PRIVACY_PATH },
      { label: 'Cookie Policy', href: '/legal/cookie-policy' },
      { label: 'Refund Policy', href: '/legal/refund-policy' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact', href: '/legal/contact' },
      { label: 'Docs', href: PRODUCT.docsUrl },
      { label: 'Discord', href: PRODUCT.discordUrl },
      { label: 'Affiliates', href: PRODUCT.affiliatesUrl },
    ],
  },
  {
    title: 'Compliance',
    links: [
      { label: 'GDPR', href: '/legal/gdpr' },
      { label: 'About Us', href: '/legal/about' },
      { label: 'Pricing', href: '/pricing' },
    ],
  },
];
