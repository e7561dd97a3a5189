import { Badge, Group, Stack, Text, TextInput } from '@platform/ui';
import type { AgencyForm } from '../agency-form';

/** Spec 2.2 Email: business address and support email; SMTP is shown as coming soon. */
export function EmailTab({ form }: { form: AgencyForm }) {
  return (
    <Stack gap="md">
      <TextInput label="Business address" value={form.local.address ?? ''} onChange={(e) => form.update({ address: e.currentTarget.value })} data-testid="agency-address" />
      <TextInput label="Support email" value={form.local.supportEmail ?? ''} onChange={(e) => form.update({ supportEmail: e.currentTarget.value })} data-testid="agency-email-support" />
      <Group>
        <Text fw={500}>SMTP</Text>
        <Badge variant="light">Coming soon</Badge>
      </Group>
    </Stack>
  );
}
