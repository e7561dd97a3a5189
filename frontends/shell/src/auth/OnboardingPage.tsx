import { useNavigate, useSearchParams } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS } from '@platform/contracts';
import { Center, Paper, useSaveWorkspace, useSession, writeStored } from '@platform/ui';
import { isRegion, pickWorkspace } from '../contexts/workspace-selection';
import { AgentCreationFlow } from './onboarding/AgentCreationFlow';

/** /onboarding?region=eu|na: company details, brand confirmation and agent creation, the ready screen (spec 2.13, 4.9). */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  const requested = params.get('region') ?? undefined;
  const region = isRegion(requested) ? requested : 'eu';
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveWorkspace();
  const own = pickWorkspace(session.data?.workspaces ?? [], undefined, region);

  // Spec 4.9: finishing (or skipping) marks the workspace and stores the completed flag locally.
  const finish = (agentId?: string, landing?: string) => {
    writeStored(BROWSER_STORAGE_KEYS.onboardingCompleted, true);
    const at = own?.region ?? region;
    const done = () => navigate(agentId ? `/app/${at}/agents/${agentId}/${landing}` : `/app/${at}/agents`);
    if (!own) return done();
    const body = { workspaceName: own.workspaceName, internal: { isAgentOnboardingDone: true, isNewUser: false } };
    // A non-ok answer is only logged (spec 7).
    save.mutate({ region: own.region, uid: own.uid, body }, { onError: (e) => console.warn('onboarding flag not saved', e), onSettled: done });
  };
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={720} data-testid="onboarding">
        <AgentCreationFlow workspace={own} finishing={save.isPending} onLeave={() => navigate(-1)} onSkip={() => finish()} onFinish={finish} />
      </Paper>
    </Center>
  );
}
