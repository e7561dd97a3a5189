/** Analytics events of the spec (new_agent_created, channels_viewed, *_channel_added), pushed to the page's data layer for the tag manager. */
export function track(event: string, properties: Record<string, string> = {}): void {
  const target = window as unknown as { dataLayer?: object[] };
  (target.dataLayer ??= []).push({ event, ...properties });
}
