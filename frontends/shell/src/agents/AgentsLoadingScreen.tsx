import { useEffect, useState } from 'react';
import { LoadingScreen, nextLoadingProgress, type LoadingStage } from '@platform/ui';

const TICK_MS = 120;

/**
 * The agents loading screen (spec 2.5) for one stage: the percentage creeps inside the stage's
 * band and waits at its top (85 % for the agents) until the caller moves on. The caller shows
 * the list as soon as the agents are there; nothing here holds it back.
 */
export function AgentsLoadingScreen({ stage }: { stage: Exclude<LoadingStage, 'done'> }) {
  const [percent, setPercent] = useState(() => nextLoadingProgress(0, stage, 0));
  useEffect(() => {
    const timer = window.setInterval(() => setPercent((p) => nextLoadingProgress(p, stage, 3 + Math.random() * 6)), TICK_MS);
    return () => window.clearInterval(timer);
  }, [stage]);
  return <LoadingScreen percent={percent} />;
}
