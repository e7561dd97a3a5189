import type { ReactNode } from 'react';
import { Alert, Anchor, IconInfoCircle } from '../../../mantine';
import { useAgentForm } from '../../forms/fields';

/**
 * A channel screen's documentation banner (Instagram, WhatsApp): how to set the channel up, with
 * the provider's guide. Agency users do not see it (agents-channels-domains §6): on an agency's
 * client dashboard the product is the agency's, not ours to document.
 */
export function DocsBanner({ guide, children }: { guide: string; children: ReactNode }) {
  const { options } = useAgentForm();
  if (options.client) return null;
  return (
    <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="channel-docs-banner">
      {children}{' '}
      <Anchor href={guide} target="_blank" rel="noreferrer" size="sm">
        Read the guide
      </Anchor>
    </Alert>
  );
}
