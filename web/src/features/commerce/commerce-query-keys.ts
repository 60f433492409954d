/** Data-cache keys of the commerce screens (buy credits, subscription, payment pages). */
export const commerceKeys = {
  packages: ['commerce', 'packages'] as const,
  plans: ['commerce', 'plans'] as const,
  subscription: ['commerce', 'subscription'] as const,
  credits: ['commerce', 'credits'] as const,
  diagnostics: ['commerce', 'payment-diagnostics'] as const,
  order: (orderId: string) => ['commerce', 'orders', orderId] as const,
};
