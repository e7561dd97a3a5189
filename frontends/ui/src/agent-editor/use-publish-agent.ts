import { AGENT_LIMITS, MESSAGES, type Region } from '@platform/contracts';
import { useSaveAgent } from '../api/hooks';
import type { Agent } from '../api/agent-api';
import { NOTICES } from '../notices/catalog';
import { notify } from '../notices/notify';

const NOTICE_2S = 2000;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Publish (spec 4.6, 4.7), for the shell's top bar and the client dashboard: blocked with a
 * failure notice when maxChunkSize is under 1000 or a field is invalid; otherwise the full agent
 * is posted (busy meanwhile), and a refusal shows as a failure notice. Resolves true when saved.
 */
export function usePublishAgent() {
  const save = useSaveAgent();
  const publish = async (region: Region, edited: Agent): Promise<boolean> => {
    const chunk = edited.vgOptions?.maxChunkSize;
    if (typeof chunk === 'number' && chunk < AGENT_LIMITS.minMaxChunkSize) {
      notify.error(MESSAGES.agent.maxChunkSizeTooSmall, NOTICE_2S);
      return false;
    }
    // joi and the agent schema load with the first save, not with the page.
    const { firstAgentError } = await import(/* webpackChunkName: "agent-validation" */ './logic/validation');
    const invalid = firstAgentError(edited);
    if (invalid) {
      notify.error(NOTICES.agent.saveFailed(invalid), NOTICE_2S);
      return false;
    }
    try {
      await save.mutateAsync({ region, agent: edited });
      return true;
    } catch (error) {
      notify.error(NOTICES.agent.saveFailed(errorText(error)), NOTICE_2S);
      return false;
    }
  };
  return { publish, busy: save.isPending };
}
