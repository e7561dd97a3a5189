import { FONTS } from '@platform/contracts';

/** The fonts service: a family exists when its css2 stylesheet is served. */
export interface FontsService {
  exists(queryName: string): Promise<boolean>;
}

/** GET {base}/css2?family={Name+With+Plus}:wght@400;500;700 (locally infra/sandboxes/fonts). */
export class HttpFontsService implements FontsService {
  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  async exists(queryName: string): Promise<boolean> {
    const family = `${queryName}:wght@${FONTS.weights.join(';')}`;
    // '+' must reach the service as is (it stands for the spaces).
    const url = `${this.options.baseUrl}/css2?family=${encodeURIComponent(family).replace(/%2B/g, '+')}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    return response.ok;
  }
}
