/** How much of an order id names it to a person ("order 3f9a12bc", as the user's credit history shows it). */
const SHORT_ORDER_ID_LENGTH = 8;

export const shortOrderId = (orderId: string): string => orderId.slice(0, SHORT_ORDER_ID_LENGTH);
