/** The public path of a service route: the gateway forwards `/bff/platform/<path>` to it (route-table.ts). */
export const platformPath = (servicePath: string): string => `/bff/platform${servicePath}`;
