import { notifications } from '@mantine/notifications';
import { TIMINGS_MS } from '@platform/contracts';

/** Spec durations are 2 to 5 s; callers pass the spec's value where it names one. */
export const NOTICE_MS = { success: 3000, error: 4000, info: 3000 } as const;

const clamp = (ms: number) => Math.min(TIMINGS_MS.noticeMax, Math.max(TIMINGS_MS.noticeMin, ms));

function show(kind: keyof typeof NOTICE_MS, message: string, durationMs?: number) {
  notifications.show({
    message,
    color: kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'blue',
    autoClose: clamp(durationMs ?? NOTICE_MS[kind]),
    withBorder: true,
  });
}

export const notify = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
};
