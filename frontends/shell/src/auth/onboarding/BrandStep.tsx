import { useEffect, useState } from 'react';
import { ONBOARDING_MESSAGES, UPLOAD, type Region } from '@platform/contracts';
import { Alert, ApiError, Button, FileButton, Group, Loader, Stack, Text, TextInput, UnstyledButton, mediaApi } from '@platform/ui';
import { CREATE_RETRY_AFTER_S, LOGO_ACCEPT, customHex, logoProblem } from './logic';

export interface Branding {
  colors: string[];
  favicon?: string;
  logo?: string;
}

/** Step 2: the website's colours to pick from (or a custom hex), the logo (or an upload), then Create AI Agent. */
export function BrandStep(props: {
  region: Region;
  userId: string;
  analysis: { state: 'loading' } | { state: 'failed' } | { state: 'done'; branding: Branding };
  primaryColor: string | undefined;
  logo: string | undefined;
  onPick: (color: string) => void;
  onLogo: (url: string) => void;
  creating: boolean;
  onCreate: () => void;
  onBack: () => void;
  onSkip?: () => void;
}) {
  const [hex, setHex] = useState('');
  const [hexError, setHexError] = useState<string>();
  const [logoError, setLogoError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  // A logo the page may not show (e.g. an http: address under the CSP's img-src) is left out, not shown broken.
  const [hiddenPreview, setHiddenPreview] = useState<string>();
  const elapsed = useElapsedSeconds(props.creating);

  if (props.analysis.state === 'loading') {
    return (
      <Group>
        <Loader size="sm" />
        <Text>Analyzing your website branding…</Text>
      </Group>
    );
  }
  if (props.analysis.state === 'failed') {
    return (
      <Stack>
        <Alert color="red" title={ONBOARDING_MESSAGES.brandingFailed} role="alert">
          Check the website address and try again.
        </Alert>
        <Group>
          <Button variant="default" onClick={props.onBack}>
            Back
          </Button>
        </Group>
      </Stack>
    );
  }
  const { colors, favicon, logo: siteLogo } = props.analysis.branding;
  const preview = props.logo ?? siteLogo ?? favicon;
  const applyHex = () => {
    const color = customHex(hex);
    if (!color) return setHexError('Enter a hex colour of 3 or 6 digits');
    setHexError(undefined);
    props.onPick(color);
  };
  const pickLogo = async (file: File | null) => {
    if (!file) return;
    const problem = logoProblem(file);
    setLogoError(problem ?? undefined);
    if (problem) return;
    setUploading(true);
    try {
      const base64Payload = await readBase64(file);
      const uploaded = await mediaApi.uploadFile(props.region, { userId: props.userId, base64Payload, targetPath: `onboarding/${Date.now()}-${file.name}`, fileName: file.name, accept: LOGO_ACCEPT, maxSizeMB: UPLOAD.onboardingLogoMaxMB });
      props.onLogo(uploaded.url);
    } catch (error) {
      setLogoError(error instanceof ApiError ? error.message : 'The logo could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack>
      <Text fw={600}>Your brand colours</Text>
      <Group gap="xs" data-testid="brand-colors">
        {colors.map((color) => (
          <UnstyledButton
            key={color}
            onClick={() => props.onPick(color)}
            aria-label={color}
            aria-pressed={props.primaryColor === color}
            style={{ width: 36, height: 36, borderRadius: 8, background: color, outline: props.primaryColor === color ? '3px solid var(--mantine-color-text)' : '1px solid var(--mantine-color-default-border)', outlineOffset: 2 }}
          />
        ))}
      </Group>
      <Group align="flex-end">
        <TextInput label="Custom colour" placeholder="#1a2b3c" value={hex} error={hexError} onChange={(e) => setHex(e.currentTarget.value)} />
        <Button variant="default" onClick={applyHex}>
          Use colour
        </Button>
      </Group>
      {props.primaryColor && (
        <Text size="sm" data-testid="chosen-color">
          Chosen colour: <span style={{ display: 'inline-block', width: 12, height: 12, background: props.primaryColor, borderRadius: 3 }} /> {props.primaryColor}
        </Text>
      )}
      <Group>
        {preview && preview !== hiddenPreview && <img src={preview} alt="Logo" onError={() => setHiddenPreview(preview)} style={{ height: 40, width: 'auto', objectFit: 'contain' }} />}
        <FileButton onChange={(file) => void pickLogo(file)} accept={LOGO_ACCEPT}>
          {(buttonProps) => (
            <Button {...buttonProps} variant="default" loading={uploading}>
              Upload a custom logo
            </Button>
          )}
        </FileButton>
      </Group>
      {logoError && (
        <Text c="red" size="sm" role="alert">
          {logoError}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack} disabled={props.creating}>
          Back
        </Button>
        <Group>
          {props.onSkip && (
            <Button variant="subtle" onClick={props.onSkip} disabled={props.creating}>
              Skip
            </Button>
          )}
          {props.creating && elapsed >= CREATE_RETRY_AFTER_S && (
            <Button variant="default" onClick={props.onCreate}>
              Try Again
            </Button>
          )}
          <Button onClick={props.onCreate} loading={props.creating} disabled={!props.primaryColor}>
            Create AI Agent
          </Button>
        </Group>
      </Group>
      {props.creating && (
        <Text size="sm" c="dimmed" data-testid="create-elapsed">
          Creating your agent… {elapsed}s
        </Text>
      )}
    </Stack>
  );
}

/** Seconds since `running` became true (0 while it is false). */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return seconds;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
