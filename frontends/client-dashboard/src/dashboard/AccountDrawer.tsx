import { useState } from 'react';
import { Avatar, Button, Drawer, Stack, TextInput } from '@platform/ui';
import { useClientSession } from '../session';
import { useUpdateOwn } from './use-update-own';

/** Account Settings (spec 2.10): photo, name, email of the signed-in client. */
export function AccountDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { client } = useClientSession();
  const [photo, setPhoto] = useState(client.squarePhotoURL ?? '');
  const [name, setName] = useState(client.name ?? '');
  const [email, setEmail] = useState(client.email ?? '');
  const { busy, update } = useUpdateOwn();
  const save = async () => {
    if (await update({ name: name.trim(), email: email.trim(), ...(photo.trim() ? { squarePhotoURL: photo.trim() } : {}) })) onClose();
  };
  return (
    <Drawer opened={opened} onClose={onClose} title="Account Settings" position="right" data-testid="account-drawer">
      <Stack>
        <Avatar src={photo || undefined} size={72} radius="xl" alt={name}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <TextInput label="Photo URL" value={photo} onChange={(e) => setPhoto(e.currentTarget.value)} placeholder="https://…" />
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="account-name" />
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Button onClick={save} loading={busy} data-testid="account-save">
          Save
        </Button>
      </Stack>
    </Drawer>
  );
}
