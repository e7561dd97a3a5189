import { act } from 'react';
import { mountedTrees } from '../../ui/test/jsdom-browser';
import { UiProvider, type Agent } from '@platform/ui';
import { LAYOUT_PX } from '@platform/contracts';
import { DebuggerPanel } from '../src/agent-area/DebuggerPanel';

const { mount } = mountedTrees();

const panel = (agent: Partial<Agent>) =>
  mount(
    <UiProvider notifications={false}>
      <DebuggerPanel agent={{ ID: 'AGENTAAAAAAAAAAA', title: 'Ava', ...agent } as Agent} region="eu" onClose={() => undefined} />
    </UiProvider>,
  );
const greetings = (host: HTMLElement) => [...host.querySelectorAll('[data-testid="test-chat-answer"]')].map((node) => node.textContent);

describe('the mini-chat test panel (agency-shell-clients 2.6)', () => {
  it('is 450 px wide', async () => {
    const host = await panel({});
    expect(LAYOUT_PX.miniChatWidth).toBe(450);
    expect((host.querySelector('[data-testid="debugger-panel"]') as HTMLElement).style.width).toBe('450px');
  });

  it('greets as the widget does: the greetings messageDelayMS apart', async () => {
    jest.useFakeTimers();
    try {
      const host = await panel({ vg_initMessages: ['One', 'Two', 'Three'], messageDelayMS: 1000 });
      expect(greetings(host)).toEqual(['One']);
      await act(async () => void jest.advanceTimersByTime(999));
      expect(greetings(host)).toEqual(['One']);
      await act(async () => void jest.advanceTimersByTime(1));
      expect(greetings(host)).toEqual(['One', 'Two']);
      await act(async () => void jest.advanceTimersByTime(1000));
      expect(greetings(host)).toEqual(['One', 'Two', 'Three']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows them at once without a delay', async () => {
    expect(greetings(await panel({ vg_initMessages: ['One', 'Two'], messageDelayMS: 0 }))).toEqual(['One', 'Two']);
  });
});
