import { env, outboundOptionsFromEnv, platformConfig, type PlatformConfig, type SafeHttpOptions } from '@platform/kit';
import type { LlmConfig } from './clients/llm';

export interface OnboardingConfig {
  port: number;
  platform: PlatformConfig;
  /** Where the agent service answers POST /v2/agents/{id} (SERVICE_URL_AGENT). */
  agentServiceUrl: string;
  serviceCallTimeoutMs: number;
  /** Origin of the links handed to the shell (PUBLIC_URL). */
  publicUrl: string;
  /** OUTBOUND_ALLOW_LOOPBACK: local runs and tests may read a site on 127.0.0.1. */
  outbound: SafeHttpOptions;
  llm: LlmConfig;
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};

export function loadConfig(): OnboardingConfig {
  return {
    port: int('PORT', 4007),
    platform: platformConfig(),
    agentServiceUrl: env('SERVICE_URL_AGENT', 'http://127.0.0.1:4002').replace(/\/+$/, ''),
    serviceCallTimeoutMs: int('SERVICE_CALL_TIMEOUT_MS', 3000),
    publicUrl: env('PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, ''),
    outbound: outboundOptionsFromEnv(),
    llm: {
      apiBase: env('LLM_API_BASE', 'https://api.openai.com/v1').replace(/\/+$/, ''),
      apiKey: env('LLM_API_KEY', ''),
      model: env('LLM_MODEL', 'gpt-4o-mini'),
      timeoutMs: int('LLM_TIMEOUT_MS', 25_000),
    },
  };
}
