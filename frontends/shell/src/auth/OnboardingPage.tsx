import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS, ONBOARDING_API, type CompanyData } from '@platform/contracts';
import { Center, Paper, Stack, Text, Title, callApi, useSaveWorkspace, useSession, writeStored, type Agent } from '@platform/ui';
import { isRegion, pickWorkspace } from '../contexts/workspace-selection';
import { BrandStep, type Branding } from './onboarding/BrandStep';
import { CompanyStep } from './onboarding/CompanyStep';
import { ReadyStep } from './onboarding/ReadyStep';
import { companyErrors, type CompanyErrors } from './onboarding/logic';

type Analysis = { state: 'loading' } | { state: 'failed' } | { state: 'done'; branding: Branding };
const TITLES = ['Tell us about your company', 'Confirm your brand', 'Your AI agent is ready'];

/** /onboarding?region=eu|na: company details, brand confirmation and agent creation, the ready screen (spec 2.13, 4.9). */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  const requested = params.get('region') ?? undefined;
  const region = isRegion(requested) ? requested : 'eu';
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveWorkspace();
  const own = pickWorkspace(session.data?.workspaces ?? [], undefined, region);
  const workspaceRegion = own?.region ?? region;

  const [step, setStep] = useState(0);
  const [company, setCompany] = useState<CompanyData>({ name: '', website: '', description: '' });
  const [errors, setErrors] = useState<CompanyErrors>({});
  const [analysis, setAnalysis] = useState<Analysis>({ state: 'loading' });
  const [primaryColor, setPrimaryColor] = useState<string>();
  const [logo, setLogo] = useState<string>();
  const [creating, setCreating] = useState(0);
  const [agent, setAgent] = useState<Agent>();

  // Spec 4.9: finishing (or skipping) marks the workspace and stores the completed flag locally.
  const finish = (agentId?: string) => {
    writeStored(BROWSER_STORAGE_KEYS.onboardingCompleted, true);
    const done = () => navigate(agentId ? `/app/${workspaceRegion}/agents/${agentId}/overview?showDebugger=true` : `/app/${workspaceRegion}/agents`);
    if (!own) return done();
    const body = { workspaceName: own.workspaceName, internal: { isAgentOnboardingDone: true, isNewUser: false } };
    // A non-ok answer is only logged (spec 7).
    save.mutate({ region: own.region, uid: own.uid, body }, { onError: (e) => console.warn('onboarding flag not saved', e), onSettled: done });
  };

  const next = () => {
    const found = companyErrors(company);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setStep(1);
    setAnalysis({ state: 'loading' });
    callApi(ONBOARDING_API.getBrandingInfo, { region: workspaceRegion, body: { company } })
      .then(({ brandingInfo }) => {
        setAnalysis({ state: 'done', branding: brandingInfo });
        setPrimaryColor((current) => current ?? brandingInfo.colors[0]);
      })
      .catch(() => setAnalysis({ state: 'failed' }));
  };

  const create = () => {
    if (!own || !primaryColor) return;
    const attempt = creating + 1;
    setCreating(attempt);
    callApi(ONBOARDING_API.createPersonalizedAgent, { region: workspaceRegion, body: { company, brandingChoices: { primaryColor, themeMode: 'light', ...(logo ? { customLogo: logo } : {}) }, workspaceId: own.uid } })
      .then(({ agentData }) => {
        setAgent(agentData as Agent);
        setStep(2);
        setCreating(0);
      })
      // Spec 8: creation errors are only logged; Try Again appears after 30 s.
      .catch((error) => console.warn('agent not created', error));
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={720} data-testid="onboarding">
        <Stack>
          <Text size="sm" c="dimmed">
            Step {step + 1} of 3
          </Text>
          <Title order={2}>{TITLES[step]}</Title>
          {step === 0 && (
            <CompanyStep
              company={company}
              errors={errors}
              onChange={(value, errs) => {
                setCompany(value);
                setErrors(errs);
              }}
              onBack={() => navigate(-1)}
              onNext={next}
              onSkip={() => finish()}
              skipping={save.isPending}
            />
          )}
          {step === 1 && (
            <BrandStep
              key={creating > 1 ? creating : 0}
              region={workspaceRegion}
              userId={own?.uid ?? ''}
              analysis={analysis}
              primaryColor={primaryColor}
              logo={logo}
              onPick={setPrimaryColor}
              onLogo={setLogo}
              creating={creating > 0}
              onCreate={create}
              onBack={() => {
                setCreating(0);
                setStep(0);
              }}
              onSkip={() => finish()}
            />
          )}
          {step === 2 && agent && <ReadyStep agent={agent} region={workspaceRegion} finishing={save.isPending} onBack={() => setStep(1)} onContinue={() => finish(agent.ID)} />}
        </Stack>
      </Paper>
    </Center>
  );
}
