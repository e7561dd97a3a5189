import { useState } from 'react';
import { CLIENT_DASHBOARD_MESSAGES, CLIENT_FEEDBACK } from '@platform/contracts';
import { Button, Drawer, FileInput, Stack, TextInput, Textarea, notify } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';

/** Send Feedback (spec 2.10): e-mail (read-only), message, attachments; 'Feedback sent!' whatever the result. */
export function FeedbackDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { api } = useDashboard();
  const { client } = useClientSession();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    await api.sendFeedback({ message, attachments: await Promise.all(files.map(readAttachment)) }).catch(() => undefined);
    setBusy(false);
    notify.success(CLIENT_DASHBOARD_MESSAGES.feedbackSent);
    setMessage('');
    setFiles([]);
    onClose();
  };
  return (
    <Drawer opened={opened} onClose={onClose} title="Send Feedback" position="right" data-testid="feedback-drawer">
      <Stack>
        <TextInput label="Email" value={client.email ?? ''} readOnly />
        <Textarea label="Message" minRows={5} autosize value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="feedback-message" />
        <FileInput
          label="Attachments"
          description={`Up to ${CLIENT_FEEDBACK.maxAttachments} files of ${CLIENT_FEEDBACK.maxAttachmentBytes / 1024} KB`}
          multiple
          clearable
          value={files}
          onChange={(chosen) => setFiles(chosen.filter((f) => f.size <= CLIENT_FEEDBACK.maxAttachmentBytes).slice(0, CLIENT_FEEDBACK.maxAttachments))}
          placeholder="Add files"
        />
        <Button onClick={send} loading={busy} disabled={!message.trim()} data-testid="feedback-send">
          Send
        </Button>
      </Stack>
    </Drawer>
  );
}

function readAttachment(file: File): Promise<{ filename: string; contentBase64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ filename: file.name, contentBase64: String(reader.result).split(',')[1] ?? '' });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
