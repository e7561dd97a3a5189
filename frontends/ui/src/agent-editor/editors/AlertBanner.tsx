import type { ReactNode } from 'react';
import { ALERT_TYPES } from '@platform/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Alert, IconAlertTriangle, IconInfoCircle } from '../../mantine';

export type AlertType = (typeof ALERT_TYPES)[number];

/** Colour and icon of each of the spec's five banner types. */
export const ALERT_STYLES: Record<AlertType, { color: string; icon: 'info' | 'warning' | 'error' | 'success' }> = {
  default: { color: 'gray', icon: 'info' },
  info: { color: 'blue', icon: 'info' },
  warning: { color: 'orange', icon: 'warning' },
  error: { color: 'red', icon: 'error' },
  success: { color: 'teal', icon: 'success' },
};

const ICONS = {
  info: IconInfoCircle,
  warning: IconAlertTriangle,
  error: IconAlertCircle,
  success: IconCircleCheck,
} as const;

export interface AlertBannerProps {
  /** default, info, warning, error or success (unknown values show as default) */
  type?: AlertType;
  title?: ReactNode;
  /** the text; `message` is the same as children */
  children?: ReactNode;
  message?: ReactNode;
  /** shows a close button */
  onClose?: () => void;
  /** false hides the icon */
  icon?: ReactNode | false;
  variant?: 'light' | 'outline' | 'filled';
  testId?: string;
}

export function AlertBanner({ type = 'default', title, children, message, onClose, icon, variant = 'light', testId }: AlertBannerProps) {
  const kind: AlertType = (ALERT_TYPES as readonly string[]).includes(type) ? type : 'default';
  const style = ALERT_STYLES[kind];
  const Icon = ICONS[style.icon];
  return (
    <Alert
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      color={style.color}
      variant={variant}
      title={title}
      icon={icon === false ? undefined : (icon ?? <Icon size={18} />)}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      data-alert-type={kind}
      data-testid={testId ?? `alert-banner-${kind}`}
    >
      {children ?? message}
    </Alert>
  );
}
