import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';
import type { WebVitalName, WebVitalRating } from '@kadr/contracts/values';

export type WebVitalReport = (name: WebVitalName, value: number, rating: WebVitalRating) => void;

/**
 * Registers the Core Web Vitals observers of web-vitals 5 (LCP, CLS, INP, FCP, TTFB). Each reports
 * its final value when it is known — LCP, CLS and INP when the page is hidden — so it lands in the
 * queue just before the page-hide flush (web-vitals' listeners were registered first). They cannot
 * be unregistered: call once per page.
 */
export function observeWebVitals(report: WebVitalReport): void {
  const forward = (metric: MetricType) => report(metric.name, metric.value, metric.rating);
  onLCP(forward);
  onCLS(forward);
  onINP(forward);
  onFCP(forward);
  onTTFB(forward);
}
