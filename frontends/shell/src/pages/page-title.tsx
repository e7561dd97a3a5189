import { useEffect, type ReactNode } from 'react';
import { PRODUCT } from '@platform/ui';

/** "Agents · Agent Platform": the page first, so a row of browser tabs tells them apart. */
export const pageTitle = (title?: string) => (title ? `${title} · ${PRODUCT.name}` : PRODUCT.name);

/** Sets document.title while the calling page is shown. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

/** A route's element with its page title, so each route declares its title where it is declared. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}
