import { Alert, IconInfoCircle } from '../../../mantine';

/**
 * On the client dashboard, in place of the Meta sign-in: the token helpers (pages of a Meta
 * login, WhatsApp numbers of an account) serve workspace members only (ADR 0037), so the agency
 * connects these channels; the client sees, removes and tests what is connected.
 */
export function MetaSignInByAgency({ title }: { title: string }) {
  return (
    <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="meta-sign-in-by-agency">
      Connecting {title} needs a sign-in with Meta, which your agency does. What is connected to this agent is listed here.
    </Alert>
  );
}
