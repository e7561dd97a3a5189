import { useState, type ReactNode } from 'react';
import { LAYOUT_PX } from '@platform/contracts';
import { Alert, Button, Drawer, useDisclosure, useMediaQuery } from '@platform/ui';
import { SideNav } from '../side-nav/SideNav';
import { TopBar } from '../top-bar/TopBar';
import { useWorkspace } from '../contexts/workspace-context';
import { UpgradePrompt } from '../billing/UpgradePrompt';
import './app-layout.css';

/** Top bar, side navigation (200 px open, 65 px collapsed; a drawer on phones) and content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [collapsed, setCollapsed] = useState(false);
  const [phoneNavOpen, phoneNav] = useDisclosure(false);
  const { sessionError, retrySession } = useWorkspace();
  const navWidth = collapsed ? LAYOUT_PX.sideNavCollapsed : LAYOUT_PX.sideNavOpen;

  return (
    <div className="app-shell" style={{ gridTemplateColumns: phone ? '1fr' : `${navWidth}px 1fr` }}>
      {phone ? (
        <Drawer opened={phoneNavOpen} onClose={phoneNav.close} size={LAYOUT_PX.sideNavOpen} padding={0} withCloseButton={false}>
          <SideNav collapsed={false} onNavigate={phoneNav.close} />
        </Drawer>
      ) : (
        <SideNav collapsed={collapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} />
      )}
      <div className="app-main">
        <TopBar phone={phone} onToggleNav={phoneNav.toggle} navOpen={phoneNavOpen} />
        <main className="app-content">
          {sessionError && (
            <Alert color="yellow" mb="md" title="Your workspace could not be loaded" data-testid="session-error">
              The workspace service did not answer. Some data may be missing.{' '}
              <Button size="compact-xs" variant="light" onClick={retrySession}>
                Try again
              </Button>
            </Alert>
          )}
          <UpgradePrompt />
          {children}
        </main>
      </div>
    </div>
  );
}
