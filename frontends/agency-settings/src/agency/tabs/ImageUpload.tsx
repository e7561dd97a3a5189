import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text, mediaApi, notify } from '@platform/ui';
import { MESSAGES, UPLOAD, type Region } from '@platform/contracts';

/** Spec 2.2: PNG logos 256x256 and a 32x32 favicon (or a custom tab's icon, any image up to 1 MB), stored as their public URL. */
export function ImageUpload(props: {
  label: string;
  hint: string;
  value?: string;
  region: Region;
  uid: string;
  px: number;
  onChange: (url: string) => void;
  testId: string;
  /** default: PNG only */
  accept?: string;
  maxSizeMB?: number;
}) {
  const accept = props.accept ?? '.png';
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    const extension = `.${file.name.split('.').pop()?.toLowerCase() ?? ''}`;
    if (!accept.split(',').includes(extension)) return notify.error(MESSAGES.channels.uploadWrongType(accept));
    if (props.maxSizeMB !== undefined && file.size > props.maxSizeMB * UPLOAD.bytesPerMB) return notify.error(MESSAGES.channels.uploadTooLarge(props.maxSizeMB));
    setBusy(true);
    try {
      const base64Payload = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      });
      const safeName = file.name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/\.\.+/g, '.');
      const uploaded = await mediaApi.uploadFile(props.region, { userId: props.uid, base64Payload, targetPath: `agencies/${props.uid}/${safeName}`, fileName: safeName, accept, ...(props.maxSizeMB !== undefined ? { maxSizeMB: props.maxSizeMB } : {}) });
      props.onChange(uploaded.url);
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} data-testid={props.testId}>
      <Text size="sm" fw={500}>{props.label}</Text>
      <Group>
        <Avatar src={props.value || null} radius="sm" size={props.px >= 256 ? 64 : 32} />
        <FileButton onChange={upload} accept={accept}>
          {(p) => <Button {...p} variant="default" size="xs" loading={busy}>Upload</Button>}
        </FileButton>
        {props.value ? <Button variant="subtle" size="xs" onClick={() => props.onChange('')}>Remove</Button> : null}
      </Group>
      <Text size="xs" c="dimmed">{props.hint}</Text>
    </Stack>
  );
}
