import { defineRoute } from '../common/endpoint';
import type { HealthView } from './health.contract';

/** Platform → Health (docs/decisions/038-observability.md). */
export const HEALTH_ENDPOINTS = {
  opsHealth: defineRoute<void, HealthView, 'GET'>({ method: 'GET', path: 'ops/health', access: 'staff', tag: 'ops' }),
} as const;
