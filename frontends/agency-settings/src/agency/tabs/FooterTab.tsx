import { Stack, TextInput } from '@platform/ui';
import type { Agency } from '@platform/contracts';
import type { AgencyForm } from '../agency-form';

const FIELDS: ReadonlyArray<{ key: keyof Agency & ('mainWebsite' | 'supportEmail' | 'tosPage' | 'privacyPolicypPage'); label: string }> = [
  { key: 'mainWebsite', label: 'Main website' },
  { key: 'supportEmail', label: 'Support email' },
  { key: 'tosPage', label: 'Terms of service link' },
  { key: 'privacyPolicypPage', label: 'Privacy policy link' },
];

/** Spec 2.2 Footer. */
export function FooterTab({ form }: { form: AgencyForm }) {
  return (
    <Stack gap="md">
      {FIELDS.map(({ key, label }) => (
        <TextInput key={key} label={label} value={(form.local[key] as string | undefined) ?? ''} onChange={(e) => form.update({ [key]: e.currentTarget.value })} data-testid={`agency-${key}`} />
      ))}
    </Stack>
  );
}
