import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor } from '@platform/ui';
import { isExternal } from './public-nav';

/** Router link for our paths, a new tab for other sites. */
export function SmartLink({ href, children, c, size }: { href: string; children: ReactNode; c?: string; size?: string }) {
  return isExternal(href) ? (
    <Anchor href={href} target="_blank" rel="noreferrer" c={c} size={size} underline="hover">
      {children}
    </Anchor>
  ) : (
    <Anchor component={Link} to={href} c={c} size={size} underline="hover">
      {children}
    </Anchor>
  );
}
