// Share links (issue 21): the plain values the web app and the services share (no zod here).

/** A link's token: 32 random bytes, base64url without padding (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SHARE_LABEL_MAX = 80;
export const SHARE_SHOWN_AS_MAX = 40;
export const SHARE_REPORT_DETAILS_MAX = 500;
/** The expiries the owner can choose (days); absent or null means the link never expires. */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
/** How many links one video may have at once (revoked ones do not count). */
export const SHARE_LINKS_PER_VIDEO_MAX = 20;

/** Why someone reports a shared video: a fixed list (the administrator's screen groups by it). */
export const SHARE_REPORT_REASONS = ['spam', 'sexual', 'violence', 'hate', 'copyright', 'other'] as const;
export type ShareReportReason = (typeof SHARE_REPORT_REASONS)[number];

/** Where the public page lives (the gateway's). */
export const sharePagePath = (token: string): string => `/v/${token}`;
