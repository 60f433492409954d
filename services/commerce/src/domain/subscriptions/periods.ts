/**
 * Monthly periods counted from the activation instant: period k runs from
 * activation + k months to activation + (k + 1) months (calendar months in UTC; a day that a
 * month lacks is clamped to its last day, so 31 January + 1 month is 28/29 February). Counting
 * every boundary from the activation, not from the previous boundary, keeps the clamping from
 * drifting (31 Jan → 28 Feb → 31 Mar, never 28 Mar).
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

export interface Period {
  index: number;
  start: Date;
  end: Date;
}

/** The period (counted from `activatedAt`) that contains `now`; period 0 when `now` is before activation. */
export function periodAt(activatedAt: Date, now: Date): Period {
  let index = Math.max(
    0,
    (now.getUTCFullYear() - activatedAt.getUTCFullYear()) * 12 + now.getUTCMonth() - activatedAt.getUTCMonth() - 1,
  );
  while (addMonths(activatedAt, index + 1) <= now) index += 1;
  return { index, start: addMonths(activatedAt, index), end: addMonths(activatedAt, index + 1) };
}
