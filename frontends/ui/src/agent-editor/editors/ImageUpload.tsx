import { useState } from 'react';
import type { UploadedFile } from '@platform/contracts';
import { ActionIcon, Box, Button, FileButton, Group, IconFile, IconX, Progress, Stack, Text, Tooltip } from '../../mantine';
import { AlertBanner } from './AlertBanner';
import { DEFAULT_IMAGE_MAX_MB, IMAGE_ACCEPT, acceptAttribute, rulesHint } from './logic/uploads';
import { useSingleUpload, type UploadTargetProps } from './useUpload';

export interface ImageUploadProps extends UploadTargetProps {
  /** the image URL (an agent image field) */
  value?: string;
  /** the new URL after an upload, '' after Remove */
  onChange?: (url: string) => void;
  /** the whole upload answer {url, path, id, dbFilePath, filename, sizeKB} */
  onUploaded?: (file: UploadedFile) => void;
  label?: string;
  description?: string;
  disabled?: boolean;
  /** preview edge in px (default 72) */
  previewSize?: number;
  /** hides Remove */
  required?: boolean;
}

/** An image upload with a preview: default 2 MB and png, jpg, jpeg, gif, webp. */
export function ImageUpload({
  value,
  onChange,
  onUploaded,
  label,
  description,
  disabled,
  previewSize = 72,
  required,
  maxSizeMB = DEFAULT_IMAGE_MAX_MB,
  accept = IMAGE_ACCEPT,
  ...target
}: ImageUploadProps) {
  const rules = { maxSizeMB, accept };
  const { state, start, reset } = useSingleUpload({ ...target, maxSizeMB, accept }, rules, { onChange, onUploaded });
  const current = value ?? '';
  const uploading = state.status === 'uploading';
  // The URL whose image failed to load: the preview shows a placeholder until the URL changes.
  const [brokenUrl, setBrokenUrl] = useState('');
  const showImage = Boolean(current) && brokenUrl !== current;

  return (
    <Stack gap={6} data-testid="image-upload">
      {label && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      <Group gap="sm" wrap="nowrap" align="center">
        <Box
          data-testid="image-upload-preview"
          style={{
            width: previewSize,
            height: previewSize,
            flex: 'none',
            borderRadius: 8,
            border: '1px solid var(--mantine-color-default-border)',
            background: 'var(--mantine-color-default-hover)',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {showImage ? (
            <img
              src={current}
              alt={label ? `${label} preview` : 'Image preview'}
              onError={() => setBrokenUrl(current)}
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Tooltip label="The image could not be shown" disabled={!current}>
              <IconFile size={24} color="var(--mantine-color-dimmed)" aria-label={current ? 'Preview unavailable' : 'No image'} />
            </Tooltip>
          )}
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <FileButton onChange={(file) => void start(file)} accept={acceptAttribute(accept)} disabled={disabled || uploading}>
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={uploading} data-testid="image-upload-button">
                  {current ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {current && !required && (
              <Tooltip label="Remove image">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Remove image"
                  disabled={disabled || uploading}
                  onClick={() => {
                    reset();
                    onChange?.('');
                  }}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {description ?? rulesHint(rules)}
          </Text>
          {uploading && <Progress value={state.progress} size="sm" animated aria-label="Upload progress" data-testid="upload-progress" />}
        </Stack>
      </Group>
      {state.status === 'error' && state.error && (
        <AlertBanner type="error" onClose={reset} testId="upload-error">
          {state.error}
        </AlertBanner>
      )}
    </Stack>
  );
}
