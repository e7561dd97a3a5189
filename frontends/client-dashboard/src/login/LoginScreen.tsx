import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CLIENT_LOGIN_NOTICE_MS, CLIENTS_API_MESSAGES, MESSAGES, type ClientSignInResponse } from '@platform/contracts';
import { ApiError, Button, Center, Group, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title, notify } from '@platform/ui';
import { useDashboard } from '../session';
import { querySignIn, withoutSignInParams } from './query-sign-in';

const failNotice = (message: string) => notify.error(message, CLIENT_LOGIN_NOTICE_MS);
const serverMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : fallback);

/**
 * The client login screen (spec 2.9): e-mail and password (the password hidden when the agency
 * turned password login off), Email Login Code with the code field, Resend Code and Cancel;
 * a token, a username and password, or an agency secret in the query string signs in at once.
 */
export function LoginScreen() {
  const { host, api, setSession } = useDashboard();
  const location = useLocation();
  const navigate = useNavigate();
  const passwordLogin = !host.agency.settings?.disablePasswordLogin;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeRequested, setCodeRequested] = useState(false);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fromQuery = useRef(querySignIn(location.search));

  const signedIn = (answer: ClientSignInResponse) => {
    notify.success(CLIENTS_API_MESSAGES.signedIn);
    navigate({ pathname: '/', search: withoutSignInParams(location.search) }, { replace: true });
    setSession(answer);
  };

  // A token, a username and password, or an agency secret in the query: one attempt (spec 4.4).
  useEffect(() => {
    const asked = fromQuery.current;
    if (!asked) return;
    fromQuery.current = undefined;
    setBusy(true);
    const attempt =
      asked.kind === 'token' ? api.signInWithToken(asked.token) : asked.kind === 'password' ? api.login({ email: asked.email, password: asked.password, agencyId: host.agency.ID }) : api.agencyAdmin(host.agency.ID, asked.secret);
    attempt.then(signedIn, (error) => {
      setBusy(false);
      navigate({ pathname: location.pathname, search: withoutSignInParams(location.search) }, { replace: true });
      failNotice(asked.kind === 'agencyAdmin' ? CLIENTS_API_MESSAGES.adminSignInFailed : serverMessage(error, CLIENTS_API_MESSAGES.signInFailed));
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.title = `${host.agency.name || 'Agency'} | Sign in`;
  }, [host.agency.name]);

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setEmailError(error.message);
      failNotice(serverMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const signInWithPassword = () => {
    if (!email.trim() || !password) return failNotice(MESSAGES.clients.loginFieldsRequired);
    void run(async () => signedIn(await api.login({ email: email.trim(), password, agencyId: host.agency.ID })), CLIENTS_API_MESSAGES.signInError);
  };
  const requestCode = () => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setEmailError(MESSAGES.workspace.inviteEmailInvalid);
    void run(async () => {
      const answer = await api.sso({ email: email.trim(), agencyId: host.agency.ID });
      setCodeRequested(true);
      notify.info(answer.message ?? CLIENTS_API_MESSAGES.codeSent(email.trim()));
    }, CLIENTS_API_MESSAGES.signInError);
  };
  const signInWithCode = () => {
    if (!code.trim()) return;
    void run(async () => {
      const answer = await api.sso({ email: email.trim(), agencyId: host.agency.ID, code: code.trim() });
      if (!answer.clientData?.loginToken) throw new ApiError(CLIENTS_API_MESSAGES.signInFailed, 400);
      signedIn(await api.signInWithToken(answer.clientData.loginToken));
    }, CLIENTS_API_MESSAGES.signInError);
  };
  const cancelCode = () => {
    setCodeRequested(false);
    setCode('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (codeRequested) signInWithCode();
    else if (passwordLogin) signInWithPassword();
    else requestCode();
  };

  if (busy && !email) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  return (
    <Center py={60} px="md">
      <Paper withBorder radius="md" p="xl" w={400} maw="100%" className="card" data-testid="client-login">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={3}>Sign in to {host.agency.name || 'your dashboard'}</Title>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(undefined);
              }}
              error={emailError}
              readOnly={codeRequested}
              data-testid="client-login-email"
            />
            {codeRequested ? (
              <>
                <Text size="sm" c="dimmed">
                  {CLIENTS_API_MESSAGES.codeSent(email.trim())}
                </Text>
                <TextInput label="Code" value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="one-time-code" inputMode="numeric" data-testid="client-login-code" autoFocus />
                <Button type="submit" loading={busy} data-testid="client-sign-in">
                  Sign In
                </Button>
                <Group grow>
                  <Button variant="light" onClick={requestCode} disabled={busy}>
                    Resend Code
                  </Button>
                  <Button variant="default" onClick={cancelCode} disabled={busy}>
                    Cancel
                  </Button>
                </Group>
              </>
            ) : (
              <>
                {passwordLogin && (
                  <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} data-testid="client-login-password" />
                )}
                {passwordLogin && (
                  <Button type="submit" loading={busy} data-testid="client-sign-in">
                    Sign In
                  </Button>
                )}
                <Button variant={passwordLogin ? 'light' : 'filled'} onClick={requestCode} loading={busy && !passwordLogin} data-testid="client-email-code">
                  Email Login Code
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
