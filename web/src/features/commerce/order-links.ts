/** How much of an order id names it to a person ("order 3f9a12bc"); links carry the whole id. */
const SHORT_ORDER_ID_LENGTH = 8;

export const shortOrderId = (orderId: string): string => orderId.slice(0, SHORT_ORDER_ID_LENGTH);

/** An order's status page (`/payment/success?orderId=`: it reads any of the user's own orders). */
export const orderStatusPath = (orderId: string): string => `/payment/success?orderId=${encodeURIComponent(orderId)}`;
