// A `helm template` rendering read as Kubernetes objects, and the questions CI asks of it: which Secrets
// the release expects to exist, and whether every Deployment keeps the naming rule.
import { parseAllDocuments } from 'yaml';
import type { KubeObject, PodSpec } from './kube-types';

export function parseManifests(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((document) => document.toJS() as unknown)
    .filter((object): object is KubeObject => typeof object === 'object' && object !== null && 'kind' in object);
}

/** The pod template of a workload (or the Pod itself); undefined for other kinds. */
export function podSpecOf(object: KubeObject): PodSpec | undefined {
  if (object.kind === 'Pod') return object.spec as PodSpec;
  if (object.kind === 'CronJob')
    return (object.spec as { jobTemplate: { spec: { template: { spec: PodSpec } } } }).jobTemplate.spec.template.spec;
  return (object.spec as { template?: { spec?: PodSpec } } | undefined)?.template?.spec;
}

/** "generic <name> <key>" per secretKeyRef (and secret volume, envFrom secret), "tls <name>" per ingress TLS secret. */
export function referencedSecrets(objects: KubeObject[]): string[] {
  const generic = new Map<string, Set<string>>();
  const add = (name: string, key: string) => generic.set(name, new Set([...(generic.get(name) ?? []), key]));
  const tls = new Set<string>();
  for (const object of objects) {
    if (object.kind === 'Ingress') {
      for (const entry of (object.spec as { tls?: { secretName: string }[] }).tls ?? []) tls.add(entry.secretName);
    }
    const spec = podSpecOf(object);
    if (!spec) continue;
    for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) add(ref.name, ref.key);
      }
      for (const source of container.envFrom ?? []) if (source.secretRef) add(source.secretRef.name, '');
    }
    for (const volume of spec.volumes ?? []) {
      if (volume.secret) {
        for (const item of volume.secret.items ?? [{ key: '' }]) add(volume.secret.secretName, item.key);
      }
    }
  }
  const lines: string[] = [];
  for (const [name, keys] of [...generic].sort(([a], [b]) => a.localeCompare(b))) {
    for (const key of [...keys].sort()) lines.push(`generic ${name} ${key}`);
  }
  for (const name of [...tls].sort()) lines.push(`tls ${name}`);
  return lines;
}

/** One line per Deployment container: its OTEL_SERVICE_NAME is its component (app.kubernetes.io/component). */
export function namingRule(objects: KubeObject[]): { lines: string[]; ok: boolean } {
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  if (deployments.length === 0) return { lines: ['FAIL no Deployment rendered'], ok: false };
  const lines: string[] = [];
  let ok = true;
  for (const deployment of deployments) {
    const component = deployment.metadata.labels?.['app.kubernetes.io/component'];
    for (const container of podSpecOf(deployment)?.containers ?? []) {
      const name = (container.env ?? []).find((variable) => variable.name === 'OTEL_SERVICE_NAME')?.value;
      const holds = component !== undefined && name === component;
      ok &&= holds;
      lines.push(
        `${holds ? 'ok  ' : 'FAIL'} ${deployment.metadata.name}/${container.name}: component ${component}, OTEL_SERVICE_NAME ${name}`,
      );
    }
  }
  return { lines, ok };
}
