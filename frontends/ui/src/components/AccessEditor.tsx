import { ActionIcon, Checkbox, Group, Stack, Text } from '../mantine';
import { moveItem, toggleAccess, type PageChoice } from '../logic/client-access';

/**
 * Which pages a client opens (canAccess) and their tab order (clientTabOrder), edited together.
 * `editable`: the pages this editor may give or take (an organisation admin's own); others show disabled.
 */
export function AccessEditor(props: { choices: readonly PageChoice[]; access: string[]; order: string[]; onChange: (next: { access: string[]; order: string[] }) => void; testId: string; editable?: readonly string[] }) {
  const { choices, access, order, onChange, testId, editable } = props;
  const labelOf = (path: string) => choices.find((choice) => choice.path === path)?.label ?? path;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text size="sm" fw={500}>Access</Text>
      <Group gap="md">
        {choices.map((choice) => (
          <Checkbox
            key={choice.path}
            label={choice.label}
            checked={access.includes(choice.path)}
            disabled={editable ? !editable.includes(choice.path) : false}
            onChange={() => onChange(toggleAccess(access, order, choice.path))}
            data-testid={`${testId}-page-${choice.path.slice(1)}`}
          />
        ))}
      </Group>
      <Text size="sm" fw={500}>Tab order</Text>
      <Stack gap={4} data-testid={`${testId}-order`}>
        {order.map((path, index) => (
          <Group key={path} gap="xs" data-testid={`${testId}-order-item`}>
            <Text size="sm" w={140}>{index + 1}. {labelOf(path)}</Text>
            <ActionIcon variant="subtle" size="sm" aria-label={`Move ${labelOf(path)} up`} disabled={index === 0} onClick={() => onChange({ access, order: moveItem(order, index, -1) })}>↑</ActionIcon>
            <ActionIcon variant="subtle" size="sm" aria-label={`Move ${labelOf(path)} down`} disabled={index === order.length - 1} onClick={() => onChange({ access, order: moveItem(order, index, 1) })}>↓</ActionIcon>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
