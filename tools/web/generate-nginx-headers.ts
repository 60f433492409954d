/**
 * Writes web/nginx/csp.conf and web/nginx/security-headers.conf from the headers the gateway sends
 * (gateway-headers.ts). Run after changing the CSP (@kadr/contracts) or helmet's options:
 *   node --conditions=kadr-source --import tsx tools/web/generate-nginx-headers.ts
 */
import fs from 'node:fs';
import { gatewaySecurityHeaders } from './gateway-headers';
import { CSP_CONF, HEADERS_CONF, renderNginxHeaderFiles } from './nginx-header-file';

const GENERATE_COMMAND = 'tools/web/generate-nginx-headers.ts';

async function main(): Promise<void> {
  const { cspConf, headersConf } = renderNginxHeaderFiles(await gatewaySecurityHeaders(), GENERATE_COMMAND);
  fs.writeFileSync(CSP_CONF, cspConf);
  fs.writeFileSync(HEADERS_CONF, headersConf);
  console.log(`wrote ${CSP_CONF} and ${HEADERS_CONF}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
