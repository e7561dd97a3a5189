import { useState } from 'react';
import { CLIENTS_API_MESSAGES } from '@platform/contracts';
import { Avatar, Button, Drawer, Stack, TextInput, notify } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';

/** Account Settings (spec 2.10): photo, name, email of the signed-in client. */
export function AccountDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { api, refresh } = useDashboard();
  const { client } = useClientSession();
  const [photo, setPhoto] = useState(client.squarePhotoURL ?? '');
  const [name, setName] = useState(client.name ?? '');
  const [email, setEmail] = useState(client.email ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await api.updateOwn({ name: name.trim(), email: email.trim(), ...(photo.trim() ? { squarePhotoURL: photo.trim() } : {}) });
      notify.success(CLIENTS_API_MESSAGES.clientUpdated);
      await refresh();
      onClose();
    } catch {
      notify.error(CLIENTS_API_MESSAGES.clientUpdateFailed);
    } finally {
      setBusy(false);
    }
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
