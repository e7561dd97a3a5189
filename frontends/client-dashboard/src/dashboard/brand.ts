import type { CSSProperties } from 'react';
import type { Agency } from '@platform/contracts';

/** The top bar in the agency's colour usage (plain, colorful or gradient; spec 3.1), from the page's --brand and --secondary. */
export function topBarStyle(agency: Agency): CSSProperties {
  switch (agency.themeColorUsage) {
    case 'colorful':
      return { background: 'var(--brand)', color: '#fff' };
    case 'gradient':
      return { background: 'linear-gradient(90deg, var(--brand), var(--secondary))', color: '#fff' };
    default:
      return { background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-default-border)' };
  }
}

/** Mantine's filled controls in the agency's primary colour. */
export const brandColorVariables = {
  '--mantine-primary-color-filled': 'var(--brand)',
  '--mantine-primary-color-filled-hover': 'var(--brand)',
} as CSSProperties;
