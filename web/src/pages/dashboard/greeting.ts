export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning until noon, afternoon until 18:00, evening otherwise (the person's local clock). */
export function dayPartOf(date: Date): DayPart {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}
