import { useNavigate, useSearchParams } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS } from '@platform/contracts';
import { Button, Center, Group, Paper, ScreenPlaceholder, Stack, Text, Title, useSaveWorkspace, useSession, writeStored } from '@platform/ui';
import { isRegion, pickWorkspace } from '../contexts/workspace-selection';

/** /onboarding?region=eu|na: the three steps (spec 2.13) arrive with the onboarding issue. */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  const requested = params.get('region') ?? undefined;
  const region = isRegion(requested) ? requested : 'eu';
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveWorkspace();

  // Spec 4.9: finishing (or skipping) marks the workspace and stores the completed flag locally.
  const skip = () => {
    writeStored(BROWSER_STORAGE_KEYS.onboardingCompleted, true);
    const own = pickWorkspace(session.data?.workspaces ?? [], undefined, region);
    const done = () => navigate(`/app/${own?.region ?? region}/agents`);
    if (!own) return done();
    const body = { workspaceName: own.workspaceName, internal: { isAgentOnboardingDone: true, isNewUser: false } };
    // A non-ok answer is only logged (spec 7).
    save.mutate({ region: own.region, uid: own.uid, body }, { onError: (e) => console.warn('onboarding flag not saved', e), onSettled: done });
  };
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={640} data-testid="onboarding">
        <Stack>
          <Text size="sm" c="dimmed">
            Step 1 of 3
          </Text>
          <Title order={2}>Tell us about your company</Title>
          <ScreenPlaceholder title="Company details">
            We will read your website to suggest brand colours and build a first agent that already knows your business.
          </ScreenPlaceholder>
          <Group justify="flex-end">
            <Button onClick={skip} loading={save.isPending} variant="default">
              Skip & Go to Dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
