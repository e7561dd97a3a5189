import { Button, Group, Stack, TextInput, Textarea } from '@platform/ui';
import type { CompanyData } from '@platform/contracts';
import type { CompanyErrors } from './logic';

/** Step 1: company details; a field's error clears as soon as it is edited. */
export function CompanyStep(props: {
  company: CompanyData;
  errors: CompanyErrors;
  onChange: (company: CompanyData, errors: CompanyErrors) => void;
  onBack: () => void;
  onNext: () => void;
  onSkip?: () => void;
  skipping: boolean;
}) {
  const { company, errors } = props;
  const edit = (field: keyof CompanyData) => (value: string) => props.onChange({ ...company, [field]: value }, { ...errors, [field]: undefined });
  return (
    <Stack>
      <TextInput label="Company name" placeholder="Tidewater Bakery" value={company.name} error={errors.name} onChange={(e) => edit('name')(e.currentTarget.value)} />
      <TextInput label="Company website" placeholder="https://yourcompany.com" value={company.website} error={errors.website} onChange={(e) => edit('website')(e.currentTarget.value)} />
      <Textarea
        label="What does your company do?"
        placeholder="We bake sourdough bread and celebration cakes for our neighbourhood"
        minRows={3}
        value={company.description}
        error={errors.description}
        onChange={(e) => edit('description')(e.currentTarget.value)}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          Back
        </Button>
        <Group>
          {props.onSkip && (
            <Button variant="subtle" onClick={props.onSkip} loading={props.skipping}>
              Skip & Go to Dashboard
            </Button>
          )}
          <Button onClick={props.onNext}>Next</Button>
        </Group>
      </Group>
    </Stack>
  );
}
