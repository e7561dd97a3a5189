import { useEffect, useState } from 'react';
import { nextLoadingProgress } from '@platform/ui';

const TICK_MS = 120;
/** The welcome at 100 % stays this long before the list replaces it. */
const WELCOME_MS = 600;

/** Drives the loading screen: creeps to 85 % while waiting, 100 % when the data is there. */
export function useLoadingProgress(dataArrived: boolean): { percent: number; finished: boolean } {
  const [percent, setPercent] = useState(0);
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    if (dataArrived) {
      setPercent(100);
      const timer = window.setTimeout(() => setFinished(true), WELCOME_MS);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setInterval(() => setPercent((p) => nextLoadingProgress(p, false, 3 + Math.random() * 6)), TICK_MS);
    return () => window.clearInterval(timer);
  }, [dataArrived]);

  return { percent, finished };
}
