import { Badge } from '@mantine/core';
import type { Region } from '@platform/contracts';

/** EU / NA tag next to workspace names. */
export function RegionBadge({ region, size = 'xs' }: { region: Region; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge size={size} variant="light" color={region === 'eu' ? 'blue' : 'orange'} radius="sm">
      {region.toUpperCase()}
    </Badge>
  );
}
