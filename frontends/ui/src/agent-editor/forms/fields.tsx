import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { isClientLockedField } from '@platform/contracts';
import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Textarea, Title } from '../../mantine';
import { type Agent } from '../../api/agent-api';
import { getIn, setIn } from '../logic/paths';
import { agentFieldErrors } from '../logic/validation';

/** What differs between the editor's hosts: the shell's agent area and the client dashboard (ADR 0031). */
export interface AgentEditorOptions {
  /** whose custom theme the theme editor records (the signed-in user; for a client, the agent's workspace) */
  themeOwnerId?: string;
  /**
   * An agency client edits: no secret key (it never reads the agent's secrets, ADR 0037), and no
   * Advanced settings when the agency set hideAdvancedSettings on the client.
   */
  client?: { hideAdvancedSettings: boolean };
}

/** The edited agent, its validation errors (contracts' joi schema) and the setter every field uses. */
interface AgentFormValue {
  agent: Agent;
  errors: Record<string, string>;
  set: (path: string, value: unknown) => void;
  update: (change: (agent: Agent) => Agent) => void;
  options: AgentEditorOptions;
}

const AgentFormContext = createContext<AgentFormValue | null>(null);
const NO_OPTIONS: AgentEditorOptions = {};

export function AgentFormProvider({
  agent,
  onChange,
  options = NO_OPTIONS,
  children,
}: {
  agent: Agent;
  onChange: (change: (agent: Agent) => Agent) => void;
  options?: AgentEditorOptions;
  children: ReactNode;
}) {
  const errors = useMemo(() => agentFieldErrors(agent), [agent]);
  const value = useMemo<AgentFormValue>(
    () => ({ agent, errors, set: (path, v) => onChange((a) => setIn(a, path, v)), update: onChange, options }),
    [agent, errors, onChange, options],
  );
  return <AgentFormContext.Provider value={value}>{children}</AgentFormContext.Provider>;
}

export function useAgentForm(): AgentFormValue {
  const value = useContext(AgentFormContext);
  if (!value) throw new Error('useAgentForm outside AgentFormProvider');
  return value;
}

/** A field's value, error and setter; `locked` when a client edits a field only the agency changes (the agent service refuses it). */
export function useField<T>(path: string): { value: T | undefined; error?: string; locked: boolean; onChange: (value: T | undefined) => void } {
  const { agent, errors, set, options } = useAgentForm();
  return { value: getIn(agent, path) as T | undefined, error: errors[path], locked: Boolean(options.client) && isClientLockedField(path), onChange: (v) => set(path, v) };
}

interface FieldProps {
  path: string;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
}

const fieldId = (path: string) => `agent-field-${path.replace(/\./g, '-')}`;

export function TextField({ path, label, description, placeholder, disabled, required, clearToUndefined }: FieldProps & { clearToUndefined?: boolean }) {
  const f = useField<string>(path);
  return (
    <TextInput
      id={fieldId(path)}
      label={label}
      description={description}
      placeholder={placeholder}
      disabled={disabled || f.locked}
      withAsterisk={required}
      value={f.value ?? ''}
      error={f.error}
      onChange={(e) => f.onChange(clearToUndefined && e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  );
}

export function TextAreaField({ path, label, description, placeholder, disabled, minRows = 3, maxRows = 12 }: FieldProps & { minRows?: number; maxRows?: number }) {
  const f = useField<string>(path);
  return (
    <Textarea
      id={fieldId(path)}
      label={label}
      description={description}
      placeholder={placeholder}
      disabled={disabled || f.locked}
      autosize
      minRows={minRows}
      maxRows={maxRows}
      value={f.value ?? ''}
      error={f.error}
      onChange={(e) => f.onChange(e.currentTarget.value)}
    />
  );
}

export function NumberField({ path, label, description, placeholder, disabled, min, max, step, suffix }: FieldProps & { min?: number; max?: number; step?: number; suffix?: string }) {
  const f = useField<number>(path);
  return (
    <NumberInput
      id={fieldId(path)}
      label={label}
      description={description}
      placeholder={placeholder}
      disabled={disabled || f.locked}
      min={min}
      max={max}
      step={step}
      suffix={suffix}
      decimalScale={step !== undefined && step < 1 ? 2 : undefined}
      // Never clamp: a value out of range stays as typed and the schema's message says why.
      clampBehavior="none"
      value={f.value ?? ''}
      error={f.error}
      onChange={(v) => f.onChange(typeof v === 'number' ? v : v === '' ? undefined : Number(v))}
    />
  );
}

export function SwitchField({ path, label, description, disabled }: FieldProps) {
  const f = useField<boolean>(path);
  return (
    <Switch
      id={fieldId(path)}
      label={label}
      description={description}
      disabled={disabled || f.locked}
      checked={Boolean(f.value)}
      error={f.error}
      onChange={(e) => f.onChange(e.currentTarget.checked)}
    />
  );
}

export function SelectField({
  path,
  label,
  description,
  disabled,
  data,
  clearable,
  searchable,
}: FieldProps & { data: readonly (string | { value: string; label: string })[]; clearable?: boolean; searchable?: boolean }) {
  const f = useField<string>(path);
  const options = data as (string | { value: string; label: string })[];
  const known = f.value === undefined || options.some((o) => (typeof o === 'string' ? o : o.value) === f.value);
  return (
    <Select
      id={fieldId(path)}
      label={label}
      description={description}
      disabled={disabled || f.locked}
      // A stored value the list does not know is still shown (a Select shows nothing for it).
      data={known ? options : [f.value as string, ...options]}
      clearable={clearable}
      searchable={searchable}
      allowDeselect={Boolean(clearable)}
      value={f.value ?? null}
      error={f.error}
      onChange={(v) => f.onChange(v ?? undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function TagsField({ path, label, description, placeholder }: FieldProps) {
  const f = useField<string[]>(path);
  return (
    <TagsInput
      id={fieldId(path)}
      label={label}
      description={description}
      placeholder={placeholder}
      value={f.value ?? []}
      error={f.error}
      onChange={(v) => f.onChange(v)}
      clearable
    />
  );
}

/** A titled group of fields of one tab or sub-tab. */
export function FormSection({ title, description, children, cols = 1, testId }: { title: string; description?: string; children: ReactNode; cols?: number; testId?: string }) {
  return (
    <Fieldset
      data-testid={testId}
      legend={
        <Title order={5} component="span">
          {title}
        </Title>
      }
      radius="md"
    >
      <Stack gap="md">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {cols > 1 ? <SimpleGrid cols={{ base: 1, sm: cols }}>{children}</SimpleGrid> : children}
      </Stack>
    </Fieldset>
  );
}
