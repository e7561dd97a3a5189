import { Link, useLocation } from 'react-router-dom';
import { Anchor, Burger, Button, Container, Group, Menu, PRODUCT, useDisclosure } from '@platform/ui';
import { headerLinksFor, isExternal } from './public-nav';
import { SmartLink } from './SmartLink';

export function PublicHeader() {
  const { pathname } = useLocation();
  const links = headerLinksFor(pathname);
  const [menuOpen, menu] = useDisclosure(false);
  return (
    <header className="public-header" data-testid="public-header">
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" fw={800} size="lg" underline="never" c="var(--mantine-color-text)">
            {PRODUCT.name}
          </Anchor>
          <Group gap="lg" visibleFrom="md" component="nav" aria-label="Site">
            {links.map((link) => (
              <SmartLink key={link.label} href={link.href} c="var(--mantine-color-text)" size="sm">
                {link.label}
              </SmartLink>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="filled">
              Sign in
            </Button>
            <Menu opened={menuOpen} onChange={menu.toggle} position="bottom-end">
              <Menu.Target>
                <Burger hiddenFrom="md" opened={menuOpen} size="sm" aria-label="Open site menu" />
              </Menu.Target>
              <Menu.Dropdown>
                {links.map((link) =>
                  isExternal(link.href) ? (
                    <Menu.Item key={link.label} component="a" href={link.href} target="_blank" rel="noreferrer">
                      {link.label}
                    </Menu.Item>
                  ) : (
                    <Menu.Item key={link.label} component={Link} to={link.href}>
                      {link.label}
                    </Menu.Item>
                  ),
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
