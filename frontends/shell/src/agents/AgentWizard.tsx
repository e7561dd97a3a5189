import { useNavigate } from 'react-router-dom';
import type { Region } from '@platform/contracts';
import { Modal } from '@platform/ui';
import { AgentCreationFlow } from '../auth/onboarding/AgentCreationFlow';

/** The Agent Wizard (agents-channels-domains §2, §4): onboarding's three steps for an existing user, ending at the new agent's overview. */
/** Back on the first step leaves the wizard (`onLeave`, back to the drawer); the close button closes both. */
export function AgentWizard({ workspace, onLeave, onClose }: { workspace: { uid: string; region: Region } | undefined; onLeave: () => void; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened onClose={onClose} size="xl" title="Agent Wizard" data-testid="agent-wizard">
      <AgentCreationFlow
        workspace={workspace}
        finishing={false}
        onLeave={onLeave}
        onFinish={(agentId, landing) => {
          onClose();
          navigate(`/app/${workspace?.region ?? 'eu'}/agents/${agentId}/${landing}`);
        }}
      />
    </Modal>
  );
}
