import { useEffect, type CSSProperties } from 'react';
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

/**
 * Mantine's filled controls in the agency's primary colour, page-wide (modals and menus render
 * outside the dashboard's element): the page is the agency's.
 */
export function useBrandColors(): void {
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--mantine-primary-color-filled', 'var(--brand)');
    root.setProperty('--mantine-primary-color-filled-hover', 'var(--brand)');
  }, []);
}
