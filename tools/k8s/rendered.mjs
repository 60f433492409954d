// Reads a `helm template` rendering on stdin and answers one question about it (tools/k8s/ci.sh):
//
//   node tools/k8s/rendered.mjs secrets   the Secrets the release expects to exist: "generic <name> <key>"
//                                         per secretKeyRef, "tls <name>" per ingress TLS secret
//   node tools/k8s/rendered.mjs naming    checks the naming rule in every Deployment: each container's
//                                         OTEL_SERVICE_NAME is the component (app.kubernetes.io/component);
//                                         prints one line per Deployment, exits 1 on a mismatch
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

const objects = parseAllDocuments(readFileSync(0, 'utf8'))
  .map((document) => document.toJS())
  .filter((object) => object && typeof object === 'object' && object.kind);

function podSpecOf(object) {
  if (object.kind === 'Pod') return object.spec;
  if (object.kind === 'CronJob') return object.spec.jobTemplate.spec.template.spec;
  return object.spec?.template?.spec;
}

function referencedSecrets() {
  const generic = new Map();
  const add = (name, key) => generic.set(name, new Set([...(generic.get(name) ?? []), key]));
  const tls = new Set();
  for (const object of objects) {
    if (object.kind === 'Ingress') for (const entry of object.spec.tls ?? []) tls.add(entry.secretName);
    const spec = podSpecOf(object);
    if (!spec) continue;
    for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) add(ref.name, ref.key);
      }
      for (const source of container.envFrom ?? []) if (source.secretRef) add(source.secretRef.name, '');
    }
    for (const volume of spec.volumes ?? []) {
      if (volume.secret)
        for (const item of volume.secret.items ?? [{ key: '' }]) add(volume.secret.secretName, item.key);
    }
  }
  const lines = [];
  for (const [name, keys] of [...generic].sort())
    for (const key of [...keys].sort()) lines.push(`generic ${name} ${key}`);
  for (const name of [...tls].sort()) lines.push(`tls ${name}`);
  return lines;
}

function namingRule() {
  let wrong = 0;
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  if (deployments.length === 0) {
    console.log('FAIL no Deployment rendered');
    return 1;
  }
  for (const deployment of deployments) {
    const component = deployment.metadata.labels?.['app.kubernetes.io/component'];
    for (const container of podSpecOf(deployment).containers) {
      const name = (container.env ?? []).find((variable) => variable.name === 'OTEL_SERVICE_NAME')?.value;
      const ok = component !== undefined && name === component;
      if (!ok) wrong += 1;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${deployment.metadata.name}/${container.name}: component ${component}, OTEL_SERVICE_NAME ${name}`,
      );
    }
  }
  return wrong === 0 ? 0 : 1;
}

const question = process.argv[2];
if (question === 'secrets') {
  for (const line of referencedSecrets()) console.log(line);
} else if (question === 'naming') {
  process.exitCode = namingRule();
} else {
  console.error('usage: node tools/k8s/rendered.mjs secrets|naming < rendered.yaml');
  process.exitCode = 2;
}
