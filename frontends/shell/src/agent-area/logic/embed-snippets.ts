import { LAYOUT_PX, type Region } from '@platform/contracts';

export interface EmbedSnippet {
  key: 'popup' | 'embedded' | 'iframe';
  title: string;
  description: string;
  code: string;
}

/**
 * The three ways to put an agent on a website (agency-shell-clients 2.13): the popup widget
 * (bottom-right), an embedded chat (full width in a 500x500 container) and an iframe of the
 * agent's render path.
 */
export function embedSnippets(origin: string, region: Region, agentId: string): EmbedSnippet[] {
  const script = `${origin}/widget/embed.js`;
  const { width, height } = LAYOUT_PX.embeddedChatContainer;
  const containerId = `agent-chat-${agentId}`;
  return [
    {
      key: 'popup',
      title: 'Popup widget',
      description: 'A chat bubble in the bottom-right corner of every page. Paste before </body>.',
      code: `<script src="${script}" data-agent-id="${agentId}" data-region="${region}" data-position="bottom-right" defer></script>`,
    },
    {
      key: 'embedded',
      title: 'Embedded chat',
      description: `The chat inside your page, full width of a ${width}x${height} container.`,
      code: [
        `<div id="${containerId}" style="width: ${width}px; height: ${height}px; max-width: 100%;"></div>`,
        `<script src="${script}" data-agent-id="${agentId}" data-region="${region}" data-mode="embedded" data-container="${containerId}" data-width="100%" defer></script>`,
      ].join('\n'),
    },
    {
      key: 'iframe',
      title: 'Iframe',
      description: 'The chat in an iframe, for site builders that do not allow scripts.',
      code: `<iframe src="${origin}/app/${region}/render/${agentId}/iframe" width="100%" height="600" style="border: 0;" allow="microphone; clipboard-write" title="Chat"></iframe>`,
    },
  ];
}
