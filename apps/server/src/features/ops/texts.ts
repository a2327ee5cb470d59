export const OPS_TEXTS = {
  metricsToken: '메트릭을 보려면 올바른 토큰이 필요합니다.',
} as const;
