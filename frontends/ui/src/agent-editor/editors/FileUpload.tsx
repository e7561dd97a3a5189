import type { UploadedFile } from '@platform/contracts';
import { ActionIcon, Anchor, Button, FileButton, Group, IconCheck, IconFile, IconX, Paper, Progress, Stack, Text, Tooltip } from '../../mantine';
import { AlertBanner } from './AlertBanner';
import { DEFAULT_FILE_MAX_MB, acceptAttribute, rulesHint } from './logic/uploads';
import { useSingleUpload, type UploadTargetProps } from './useUpload';

export interface FileUploadProps extends UploadTargetProps {
  /** the uploaded file's URL */
  value?: string;
  onChange?: (url: string) => void;
  onUploaded?: (file: UploadedFile) => void;
  label?: string;
  description?: string;
  buttonLabel?: string;
  disabled?: boolean;
}

const fileNameOf = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? url);

/** A generic one-file upload: button, progress, the uploaded file's link. Default 20 MB, any extension. */
export function FileUpload({
  value,
  onChange,
  onUploaded,
  label,
  description,
  buttonLabel = 'Choose file',
  disabled,
  maxSizeMB = DEFAULT_FILE_MAX_MB,
  accept,
  ...target
}: FileUploadProps) {
  const rules = { maxSizeMB, accept };
  const { state, start, reset } = useSingleUpload({ ...target, maxSizeMB, accept }, rules, { onChange, onUploaded });
  const uploading = state.status === 'uploading';
  const current = value ?? state.url;

  return (
    <Stack gap={6} data-testid="file-upload">
      {label && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {state.status === 'uploaded' ? <IconCheck size={18} color="var(--mantine-color-teal-6)" /> : <IconFile size={18} />}
              {uploading ? (
                <Text size="sm" truncate>
                  {state.fileName}
                </Text>
              ) : current ? (
                <Anchor href={current} target="_blank" rel="noreferrer" size="sm" truncate data-testid="file-upload-link">
                  {state.status === 'uploaded' && state.fileName ? state.fileName : fileNameOf(current)}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  No file chosen
                </Text>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <FileButton onChange={(file) => void start(file)} accept={acceptAttribute(accept)} disabled={disabled || uploading}>
                {(props) => (
                  <Button {...props} size="xs" variant="light" loading={uploading} data-testid="file-upload-button">
                    {buttonLabel}
                  </Button>
                )}
              </FileButton>
              {current && onChange && (
                <Tooltip label="Remove file">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Remove file"
                    disabled={disabled || uploading}
                    onClick={() => {
                      reset();
                      onChange('');
                    }}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
          {uploading && <Progress value={state.progress} size="sm" animated aria-label="Upload progress" data-testid="upload-progress" />}
          <Text size="xs" c="dimmed">
            {description ?? rulesHint(rules)}
          </Text>
        </Stack>
      </Paper>
      {state.status === 'error' && state.error && (
        <AlertBanner type="error" onClose={reset} testId="upload-error">
          {state.error}
        </AlertBanner>
      )}
    </Stack>
  );
}
