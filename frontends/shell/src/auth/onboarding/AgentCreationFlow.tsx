import { useState } from 'react';
import { ONBOARDING_API, type CompanyData, type Region } from '@platform/contracts';
import { Progress, Stack, Text, Title, callApi, type Agent } from '@platform/ui';
import { BrandStep, type Branding } from './BrandStep';
import { CompanyStep } from './CompanyStep';
import { ReadyStep } from './ReadyStep';
import { companyErrors, type CompanyErrors } from './logic';

type Analysis = { state: 'loading' } | { state: 'failed' } | { state: 'done'; branding: Branding };
/** Where the ready screen leads: the new agent's overview with its test chat open (spec 2.13). */
const READY_LANDING = 'overview?showDebugger=true';
const TITLES = ['Tell us about your company', 'Confirm your brand', 'Your AI agent is ready'];

/**
 * Company details → brand (analysis, confirmation, creation) → ready: the steps shared by
 * onboarding (spec 2.13, 4.9) and the Agent Wizard (agents-channels-domains §2, §4). Back moves
 * one step; Back on the first step leaves (`onLeave`). `onSkip`, when given, offers the skip buttons.
 */
export function AgentCreationFlow(props: {
  workspace: { uid: string; region: Region } | undefined;
  finishing: boolean;
  onLeave: () => void;
  onSkip?: () => void;
  /** `landing`: the agent tab to open, with its query (the overview with the test chat, or a channel to connect). */
  onFinish: (agentId: string, landing: string) => void;
}) {
  const region = props.workspace?.region ?? 'eu';
  const [step, setStep] = useState(0);
  const [company, setCompany] = useState<CompanyData>({ name: '', website: '', description: '' });
  const [errors, setErrors] = useState<CompanyErrors>({});
  const [analysis, setAnalysis] = useState<Analysis>({ state: 'loading' });
  const [primaryColor, setPrimaryColor] = useState<string>();
  const [logo, setLogo] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [agent, setAgent] = useState<Agent>();

  const next = () => {
    const found = companyErrors(company);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setStep(1);
    setAnalysis({ state: 'loading' });
    callApi(ONBOARDING_API.getBrandingInfo, { region, body: { company } })
      .then(({ brandingInfo }) => {
        setAnalysis({ state: 'done', branding: brandingInfo });
        setPrimaryColor((current) => current ?? brandingInfo.colors[0]);
      })
      .catch(() => setAnalysis({ state: 'failed' }));
  };

  const create = () => {
    if (!props.workspace || !primaryColor) return;
    const current = attempt + 1;
    setAttempt(current);
    const brandingChoices = { primaryColor, themeMode: 'light' as const, ...(logo ? { customLogo: logo } : {}) };
    callApi(ONBOARDING_API.createPersonalizedAgent, { region, body: { company, brandingChoices, workspaceId: props.workspace.uid } })
      .then(({ agentData }) => {
        setAgent(agentData as Agent);
        setStep(2);
        setAttempt(0);
      })
      // Spec 8: creation errors are only logged; Try Again appears after 30 s.
      .catch((error) => console.warn('agent not created', error));
  };
  // Entering a step without its data returns to the previous one.
  const shown = step === 2 && !agent ? 1 : step;

  return (
    <Stack>
      <Progress value={((shown + 1) / 3) * 100} size="sm" aria-label={`Step ${shown + 1} of 3`} />
      <Text size="sm" c="dimmed">
        Step {shown + 1} of 3
      </Text>
      <Title order={2}>{TITLES[shown]}</Title>
      {shown === 0 && (
        <CompanyStep
          company={company}
          errors={errors}
          onChange={(value, errs) => {
            setCompany(value);
            setErrors(errs);
          }}
          onBack={props.onLeave}
          onNext={next}
          onSkip={props.onSkip}
          skipping={props.finishing}
        />
      )}
      {shown === 1 && (
        <BrandStep
          key={attempt > 1 ? attempt : 0}
          region={region}
          userId={props.workspace?.uid ?? ''}
          analysis={analysis}
          primaryColor={primaryColor}
          logo={logo}
          onPick={setPrimaryColor}
          onLogo={setLogo}
          creating={attempt > 0}
          onCreate={create}
          onBack={() => {
            setAttempt(0);
            setStep(0);
          }}
          onSkip={props.onSkip}
        />
      )}
      {shown === 2 && agent && <ReadyStep agent={agent} region={region} finishing={props.finishing} onBack={() => setStep(1)} onContinue={() => props.onFinish(agent.ID, READY_LANDING)} onSkip={props.onSkip && (() => props.onFinish(agent.ID, READY_LANDING))} onExplore={(channel) => props.onFinish(agent.ID, `channels?channel=${channel}`)} />}
    </Stack>
  );
}
