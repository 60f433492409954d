import type { CreditPackage } from '@kadr/contracts';
import { locale } from '../../i18n/format';

/** The price of one credit, to the grosz and a tenth ("0,149 zł"): 149 zł / 1000 credits would otherwise round to 0,15. */
export function formatPricePerCredit(pack: CreditPackage): string {
  return new Intl.NumberFormat(locale(), {
    style: 'currency',
    currency: pack.price.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(pack.price.amountMinor / 100 / pack.credits);
}

/** What a package saves per credit against the dearest package (0 for that one), as a fraction 0–1. */
export function savingOf(pack: CreditPackage, all: readonly CreditPackage[]): number {
  const unit = (p: CreditPackage) => p.price.amountMinor / p.credits;
  const dearest = Math.max(...all.map(unit));
  if (!Number.isFinite(dearest) || dearest <= 0) return 0;
  return Math.max(0, 1 - unit(pack) / dearest);
}

/** The id of the package with the lowest price per credit (only when there is a choice). */
export function bestValueId(all: readonly CreditPackage[]): string | null {
  if (all.length < 2) return null;
  let best: CreditPackage | null = null;
  for (const pack of all) {
    if (!best || pack.price.amountMinor / pack.credits < best.price.amountMinor / best.credits) best = pack;
  }
  return best?.id ?? null;
}
