import type { CreditPackage } from '@kadr/contracts';
import { useId } from 'react';
import { useCommerceText } from '../../features/commerce';
import { formatMoney, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge } from '../../ui';
import { buyCreditsMessages } from './messages';
import { bestValueId, formatPricePerCredit, savingOf } from './package-pricing';

export interface PackagePickerProps {
  packages: readonly CreditPackage[];
  selectedId: string | null;
  onSelect: (packageId: string) => void;
  disabled?: boolean;
}

/**
 * The packages as a radio group of cards: native radios (arrow keys move the choice, the legend
 * names the group), each card with credits, price, price per credit and "Credits never expire".
 */
export function PackagePicker({ packages, selectedId, onSelect, disabled }: PackagePickerProps) {
  const { t } = useMessages('buyCredits', buyCreditsMessages);
  const commerce = useCommerceText();
  const name = `package-${useId()}`;
  const best = bestValueId(packages);
  return (
    <fieldset className="buy-packages" disabled={disabled}>
      <legend className="buy-packages__legend">{t('packages.legend')}</legend>
      <div className="buy-packages__grid">
        {packages.map((pack) => {
          const checked = pack.id === selectedId;
          const saving = savingOf(pack, packages);
          const inputId = `${name}-${pack.id}`;
          return (
            <label
              key={pack.id}
              htmlFor={inputId}
              className={['buy-package', checked && 'buy-package--checked'].filter(Boolean).join(' ')}
              data-package={pack.id}
            >
              <input
                id={inputId}
                className="buy-package__input"
                type="radio"
                name={name}
                value={pack.id}
                checked={checked}
                onChange={() => onSelect(pack.id)}
              />
              <span className="buy-package__top">
                <span className="buy-package__credits">{commerce.creditsText(pack.credits)}</span>
                {pack.id === best && <Badge variant="accent">{t('packages.bestValue')}</Badge>}
              </span>
              <span className="buy-package__price">{formatMoney(pack.price.amountMinor, pack.price.currency)}</span>
              <span className="buy-package__unit">
                {t('packages.perCredit', { price: formatPricePerCredit(pack) })}
                {saving >= 0.01 && (
                  <>
                    {' · '}
                    <span className="buy-package__saving">
                      {t('packages.save', {
                        percent: formatNumber(saving, { style: 'percent', maximumFractionDigits: 0 }),
                      })}
                    </span>
                  </>
                )}
              </span>
              <span className="buy-package__expiry">{commerce.t('neverExpire')}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
