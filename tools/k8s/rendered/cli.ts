// Reads a `helm template` rendering on stdin and answers one question about it (tools/k8s/ci.sh):
//
//   node --import tsx tools/k8s/rendered/cli.ts secrets   the Secrets the release expects to exist:
//                                                       "generic <name> <key>" per secretKeyRef,
//                                                       "tls <name>" per ingress TLS secret
//   node --import tsx tools/k8s/rendered/cli.ts naming    the naming rule in every Deployment: each
//                                                       container's OTEL_SERVICE_NAME is its component;
//                                                       one line per Deployment, exit 1 on a mismatch
import { readFileSync } from 'node:fs';
import { namingRule, parseManifests, referencedSecrets } from './manifests';

const objects = parseManifests(readFileSync(0, 'utf8'));
const question = process.argv[2];
if (question === 'secrets') {
  for (const line of referencedSecrets(objects)) console.log(line);
} else if (question === 'naming') {
  const { lines, ok } = namingRule(objects);
  for (const line of lines) console.log(line);
  process.exitCode = ok ? 0 : 1;
} else {
  console.error('usage: node --import tsx tools/k8s/rendered/cli.ts secrets|naming < rendered.yaml');
  process.exitCode = 2;
}
