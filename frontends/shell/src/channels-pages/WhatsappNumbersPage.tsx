import { MESSAGES, WHATSAPP_API } from '@platform/contracts';
import { Badge, callApi } from '@platform/ui';
import { ConnectedChannelsPage } from './ConnectedChannelsPage';

/** /app/{region}/whatsapp-numbers: the WhatsApp numbers connected to the workspace's agents. */
export function WhatsappNumbersPage() {
  return (
    <ConnectedChannelsPage
      testId="whatsapp-numbers"
      title="WhatsApp"
      description="WhatsApp Business numbers your agents answer on"
      errorText={() => MESSAGES.channels.connectedAccountsFetchFailed}
      empty="No number is connected yet: connect one from an agent's Channels tab (WhatsApp, New Method)."
      rowsOf={(data) => data.waNumbers}
      keyOf={(number) => number.phoneId!}
      columns={['Number', 'Status']}
      cells={(number) => [
        number.phoneNumber,
        <Badge key="status" color="teal" variant="light">
          CONNECTED
        </Badge>,
      ]}
      channel="whatsapp"
      remove={(region, number) => callApi(WHATSAPP_API.removeWhatsappNumber, { region, body: { agentId: number.agentId!, phoneId: number.phoneId! } })}
      removeFailed={MESSAGES.channels.numberRemoveFailed}
    />
  );
}
