/** The few log calls this package makes; a pino logger (or a child of one) fits as is. */
export interface DocumentsLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLogger: DocumentsLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
