import { PageHeader, ScreenPlaceholder } from '@platform/ui';

export function AppPlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <ScreenPlaceholder title={title} />
    </>
  );
}
