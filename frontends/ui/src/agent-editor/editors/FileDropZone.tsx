import { useCallback, useRef, useState } from 'react';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import type { UploadedFile } from '@platform/contracts';
import { ActionIcon, Anchor, Group, IconCheck, IconDownload, IconFile, IconX, Paper, Progress, Stack, Text, ThemeIcon } from '../../mantine';
import { DEFAULT_FILE_MAX_MB, IDLE_UPLOAD, acceptAttribute, formatSize, rulesHint, uploadReducer, type UploadEvent, type UploadState } from './logic/uploads';
import { UploadRejected, uploadErrorText, useUploadSender, type UploadTargetProps } from './useUpload';

export interface FileDropZoneProps extends UploadTargetProps {
  /** several files at once (default true) */
  multiple?: boolean;
  /** each file once stored */
  onUploaded?: (file: UploadedFile, original: File) => void;
  /** every file stored through this widget so far */
  onChange?: (files: UploadedFile[]) => void;
  title?: string;
  description?: string;
  disabled?: boolean;
}

interface Item {
  key: number;
  name: string;
  size: number;
  state: UploadState;
  file?: UploadedFile;
}

/** A drop area (Mantine Dropzone): files are checked here first (size, extension), then uploaded with progress. */
export function FileDropZone({
  multiple = true,
  onUploaded,
  onChange,
  title = 'Drag files here or click to select',
  description,
  disabled,
  maxSizeMB = DEFAULT_FILE_MAX_MB,
  accept,
  ...target
}: FileDropZoneProps) {
  const rules = { maxSizeMB, accept };
  const send = useUploadSender({ ...target, maxSizeMB, accept }, rules);
  const [items, setItems] = useState<Item[]>([]);
  const nextKey = useRef(1);
  const stored = useRef<UploadedFile[]>([]);

  const update = useCallback((key: number, event: UploadEvent, file?: UploadedFile) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, state: uploadReducer(item.state, event), ...(file ? { file } : {}) } : item)));
  }, []);

  const onDrop = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({ key: nextKey.current++, name: file.name, size: file.size, state: uploadReducer(IDLE_UPLOAD, { type: 'start', fileName: file.name }), raw: file }));
      setItems((list) => [...added.map(({ raw: _raw, ...item }) => item), ...list]);
      for (const { key, raw } of added) {
        send(raw, (percent) => update(key, { type: 'progress', percent }))
          .then((uploaded) => {
            update(key, { type: 'uploaded', url: uploaded.url }, uploaded);
            stored.current = [...stored.current, uploaded];
            onUploaded?.(uploaded, raw);
            onChange?.(stored.current);
          })
          .catch((error: unknown) =>
            update(key, error instanceof UploadRejected ? { type: 'rejected', fileName: raw.name, message: error.message } : { type: 'failed', message: uploadErrorText(error) }),
          );
      }
    },
    [send, update, onUploaded, onChange],
  );

  return (
    <Stack gap="sm" data-testid="file-drop-zone">
      <Dropzone
        onDrop={onDrop}
        multiple={multiple}
        disabled={disabled}
        // Our own checks give the spec's messages; the dialog still filters by extension.
        inputProps={{ accept: acceptAttribute(accept) }}
        radius="md"
        p="lg"
      >
        <Group justify="center" gap="lg" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <ThemeIcon size={48} radius="xl" variant="light" color="teal">
              <IconCheck size={26} />
            </ThemeIcon>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <ThemeIcon size={48} radius="xl" variant="light" color="red">
              <IconX size={26} />
            </ThemeIcon>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconDownload size={26} />
            </ThemeIcon>
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text size="md" fw={500}>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {description ?? rulesHint(rules)}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {items.length > 0 && (
        <Stack gap={6} data-testid="file-drop-list">
          {items.map((item) => (
            <Paper key={item.key} withBorder radius="md" px="sm" py={8} data-testid="file-drop-item" data-status={item.state.status}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {item.state.status === 'uploaded' ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                  ) : item.state.status === 'error' ? (
                    <IconX size={16} color="var(--mantine-color-red-6)" />
                  ) : (
                    <IconFile size={16} />
                  )}
                  {item.state.url ? (
                    <Anchor href={item.state.url} target="_blank" rel="noreferrer" size="sm" truncate>
                      {item.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" truncate>
                      {item.name}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                    {formatSize(item.size)}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  {item.state.status === 'uploading' && (
                    <Text size="xs" c="dimmed" w={34} ta="right">
                      {item.state.progress}%
                    </Text>
                  )}
                  {item.state.status !== 'uploading' && (
                    <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Dismiss ${item.name}`} onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))}>
                      <IconX size={14} />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
              {item.state.status === 'uploading' && <Progress value={item.state.progress} size="sm" mt={6} animated aria-label={`${item.name} upload progress`} />}
              {item.state.status === 'error' && item.state.error && (
                <Text size="xs" c="red" mt={4} role="alert">
                  {item.state.error}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
