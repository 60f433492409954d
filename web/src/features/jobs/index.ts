/** Job pieces shared by the dashboard and the generator. Styles: ./jobs.css (imported here once). */
import './jobs.css';

export { ActiveJobsList, type ActiveJobsListProps, type JobDetails } from './ActiveJobsList';
export { CancelJobButton, type CancelJobButtonProps, type CancelJobOptions } from './CancelJobButton';
export { allowanceCovers, previewCharge, type ChargePreview, type Entitlements } from './charge';
export { jobKeys } from './job-query-keys';
export { isActiveStatus, STATUS_BADGE, STATUS_TONE } from './job-status';
export { JobProgressCard, type JobProgressCardProps } from './JobProgressCard';
export { LiveIndicator } from './LiveIndicator';
export { jobsMessages } from './messages';
export { lowestPriceOf, priceOf, type JobOptions } from './price';
export { PricePreview, type PricePreviewProps } from './PricePreview';
export { QueueForecast, type QueueForecastProps } from './QueueForecast';
export { REMIX_PARAM, remixPath } from './remix-path';
export { frameSizeOf, isWithinResolution, planLifting, resolutionOf, resolutionRank } from './resolution';
export { useCreditsLabel } from './use-credits-label';
export { useOptionLabels } from './use-option-labels';
export { useRefreshOnJobCompleted } from './use-refresh-on-completion';
