import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { passwordLoginRequestSchema, requestLoginCodeRequestSchema, verifyLoginCodeRequestSchema } from '@platform/contracts';
import {
  Anchor,
  Button,
  Center,
  Group,
  NOTICES,
  PRODUCT,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
  notify,
  queryClient,
  usePasswordLogin,
  useRequestCode,
  useSession,
  useVerifyCode,
  validationMessage,
  workspaceApi,
  QUERY_KEYS,
} from '@platform/ui';
import { loadSelection } from '../contexts/workspace-selection';
import { storedAttribution } from './attribution';
import { pendingInvitation } from './pending-invitation';
import { postSignInPath } from './post-sign-in';

type Step = 'email' | 'code' | 'password';
/** Spec 8: login errors are a 3 s fail notice with the server message. */
const LOGIN_ERROR_MS = 3000;

/** /login and /signup (accounts are created on first sign-in): e-mail code, or password. */
export default function LoginPage({ mode }: { mode: 'login' | 'signup' }) {
  const navigate = useNavigate();
  const existing = useSession();
  const requestCode = useRequestCode();
  const verifyCode = useVerifyCode();
  const passwordLogin = usePasswordLogin();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [secretError, setSecretError] = useState<string>();

  // Already signed in: go straight on.
  useEffect(() => {
    if (existing.data?.success) navigate(postSignInPath(existing.data, loadSelection(), pendingInvitation()), { replace: true });
  }, [existing.data, navigate]);

  const failed = (error: Error) => notify.error(error.message || NOTICES.session.signInFailed, LOGIN_ERROR_MS);

  const signedIn = async () => {
    notify.success(NOTICES.session.signedIn);
    try {
      const session = await queryClient.fetchQuery({ queryKey: QUERY_KEYS.session, queryFn: workspaceApi.session, staleTime: 0 });
      navigate(postSignInPath(session, loadSelection(), pendingInvitation()), { replace: true });
    } catch {
      notify.error(NOTICES.session.signInError, LOGIN_ERROR_MS);
    }
  };

  /** Validates with the service's own schemas, so the texts match its answers. */
  const checkEmail = () => {
    const message = validationMessage(requestLoginCodeRequestSchema, { email: email.trim() });
    setEmailError(message);
    return !message;
  };

  const sendCode = () => {
    if (!checkEmail()) return;
    requestCode.mutate(email.trim(), {
      onSuccess: (answer) => {
        setStep('code');
        // The service's own words (contracts' AUTH_MESSAGES.codeSent), never a second copy here.
        notify.info(answer.message);
      },
      onError: failed,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') return sendCode();
    if (!checkEmail()) return;
    if (step === 'code') {
      const invalid = validationMessage(verifyLoginCodeRequestSchema, { email: email.trim(), code: code.trim() });
      if (invalid) return setSecretError(invalid);
      verifyCode.mutate({ email: email.trim(), code: code.trim(), ...storedAttribution() }, { onSuccess: signedIn, onError: failed });
    } else {
      const invalid = validationMessage(passwordLoginRequestSchema, { email: email.trim(), password });
      if (invalid) return setSecretError(invalid);
      passwordLogin.mutate({ email: email.trim(), password }, { onSuccess: signedIn, onError: failed });
    }
  };

  const cancel = () => {
    setStep('email');
    setCode('');
    setSecretError(undefined);
  };

  return (
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420} data-testid="login-card">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Anchor component={Link} to="/" fw={800} size="lg" underline="never">
              {PRODUCT.name}
            </Anchor>
            <div>
              <Title order={2}>{mode === 'signup' ? 'Create your free account' : 'Sign in'}</Title>
              <Text c="dimmed" size="sm">
                {mode === 'signup'
                  ? 'Your account and a Personal workspace are created when you first sign in.'
                  : 'Welcome back. Sign in to manage your agents.'}
              </Text>
            </div>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              value={email}
              readOnly={step === 'code'}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(undefined);
              }}
              error={emailError}
            />
            {step === 'password' && (
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                error={secretError}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setSecretError(undefined);
                }}
              />
            )}
            {step === 'code' && (
              <TextInput
                label="Code"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                error={secretError}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setSecretError(undefined);
                }}
                data-autofocus
              />
            )}
            {step === 'email' && (
              <Button type="submit" loading={requestCode.isPending}>
                Email Login Code
              </Button>
            )}
            {step !== 'email' && (
              <Button type="submit" loading={verifyCode.isPending || passwordLogin.isPending}>
                Sign In
              </Button>
            )}
            {step === 'code' && (
              <Group grow>
                <Button variant="light" onClick={sendCode} loading={requestCode.isPending}>
                  Resend Code
                </Button>
                <Button variant="default" onClick={cancel}>
                  Cancel
                </Button>
              </Group>
            )}
            {step !== 'code' && (
              <Anchor component="button" type="button" size="sm" onClick={() => {
                  setSecretError(undefined);
                  setStep(step === 'password' ? 'email' : 'password');
                }}>
                {step === 'password' ? 'Email me a login code instead' : 'Sign in with a password instead'}
              </Anchor>
            )}
            <Text size="sm" c="dimmed" ta="center">
              {mode === 'signup' ? 'Already have an account? ' : 'New here? '}
              <Anchor component={Link} to={mode === 'signup' ? '/login' : '/signup'}>
                {mode === 'signup' ? 'Sign in' : 'Create a free account'}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
