import { OutboundRequestFailed, type SafeHttpClient } from '@platform/kit';
import { providerErrorText } from '../domain/provider-errors';

/**
 * Posts to a Discord webhook URL (https://discord.com/developers/docs/resources/webhook#execute-webhook).
 * The URL is the user's: it goes through the kit's SafeHttpClient, which refuses private addresses.
 */
export class DiscordWebhookClient {
  constructor(private readonly http: SafeHttpClient) {}

  async execute(webhookUrl: string, content: string): Promise<void> {
    // Discord caps a message at 2000 characters.
    const body = JSON.stringify({ content: content.slice(0, 2000) });
    let answer;
    try {
      answer = await this.http.request(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    } catch (err) {
      if (err instanceof OutboundRequestFailed) throw new Error(`Discord webhook unreachable: ${err.message}`);
      throw err;
    }
    if (answer.status >= 300) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        parsed = undefined;
      }
      throw new Error(`Discord webhook refused the message (${answer.status}): ${providerErrorText(parsed)}`);
    }
  }
}
