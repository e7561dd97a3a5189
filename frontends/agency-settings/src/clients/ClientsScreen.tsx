import { PageHeader, ScreenPlaceholder } from '@platform/ui';

/** Client and organisation management (spec 2.12); drawers arrive with a later issue. */
export function ClientsScreen() {
  return (
    <div data-testid="clients-screen">
      <PageHeader title="Clients" description="Manage the clients and organisations of your agency" />
      <ScreenPlaceholder title="Clients and organisations" />
    </div>
  );
}
