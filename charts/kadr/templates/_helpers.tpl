{{/*
Named templates shared by every template. The component templates (component-*.yaml) each range over
.Values.components and call these with a context built as:
  (dict "root" $ "name" $name "c" $component)
where $name is the component's key (auth-gateway, jobs-worker, ...) and $component its values.
*/}}

{{/* The chart's name. */}}
{{- define "kadr.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Prefix of every object name: the release name, or "<release>-kadr" when the release name does not
contain "kadr" already. Objects append a suffix ("-auth-gateway", "-provision-topics", the longest
"-test-gateway-ready": 19 characters), so it is cut to 43 to stay within the 63 of a DNS label.
*/}}
{{- define "kadr.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 43 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 43 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* "kadr-0.1.0", the helm.sh/chart label. */}}
{{- define "kadr.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of a component's objects (Deployment, Service, ConfigMap, ServiceAccount, HPA, PDB...). Context: root, name. */}}
{{- define "kadr.componentFullname" -}}
{{- printf "%s-%s" (include "kadr.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels on objects that belong to the release but to no one component. Context: the root. */}}
{{- define "kadr.commonLabels" -}}
helm.sh/chart: {{ include "kadr.chart" . }}
app.kubernetes.io/name: {{ include "kadr.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: kadr
{{- end -}}

{{/* Selector labels of a component: stable for the life of a release (a Deployment's selector is immutable). Context: root, name. */}}
{{- define "kadr.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kadr.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Every label of a component's objects. Context: root, name. */}}
{{- define "kadr.labels" -}}
{{ include "kadr.commonLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* The image reference of a component: registry/repository:tag, or @digest when one is given. Context: root, c. */}}
{{- define "kadr.image" -}}
{{- $registry := .root.Values.global.imageRegistry -}}
{{- $repository := .c.image.repository -}}
{{- if $registry -}}{{- $repository = printf "%s/%s" (trimSuffix "/" $registry) $repository -}}{{- end -}}
{{- $tag := .c.image.tag | default .root.Values.global.imageTag | default .root.Chart.AppVersion | toString -}}
{{- if .c.image.digest -}}
{{- printf "%s:%s@%s" $repository $tag .c.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}
{{- end -}}

{{/* The tag a component runs (service.version in its telemetry). Context: root, c. */}}
{{- define "kadr.imageTag" -}}
{{- .c.image.tag | default .root.Values.global.imageTag | default .root.Chart.AppVersion | toString -}}
{{- end -}}

{{/*
The container's identity, written into the Deployment itself (env wins over the ConfigMap's envFrom, so
nothing can override it): OTEL_SERVICE_NAME = the component's name, the naming rule (folder = image =
component = OTEL_SERVICE_NAME = consumer group; jobs-worker runs from the jobs image under its own name),
and for Node components the pod's identity for traces. Context: root, name, c.
*/}}
{{- define "kadr.identityEnv" -}}
- name: OTEL_SERVICE_NAME
  value: {{ .name | quote }}
{{- if eq .c.runtime "node" }}
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: K8S_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: K8S_NODE_NAME
  valueFrom:
    fieldRef:
      fieldPath: spec.nodeName
- name: OTEL_RESOURCE_ATTRIBUTES
  value: {{ include "kadr.otelResourceAttributes" . | quote }}
{{- end }}
{{- end -}}

{{/*
OTEL_RESOURCE_ATTRIBUTES of a Node component: what tells one pod's spans from another's. $(K8S_*) are
expanded by the kubelet from the downward-API variables defined before it in the container's env.
Context: root, name, c.
*/}}
{{- define "kadr.otelResourceAttributes" -}}
{{- $attributes := list
  "service.namespace=kadr"
  (printf "service.version=%s" (include "kadr.imageTag" .))
  "k8s.namespace.name=$(K8S_NAMESPACE)"
  "k8s.pod.name=$(K8S_POD_NAME)"
  "k8s.node.name=$(K8S_NODE_NAME)"
  (printf "k8s.deployment.name=%s" (include "kadr.componentFullname" .)) -}}
{{- with .root.Values.global.otel.resourceAttributes -}}
{{- $attributes = append $attributes . -}}
{{- end -}}
{{- join "," $attributes -}}
{{- end -}}

{{/* PUBLIC_URL: global.publicUrl, else the ingress host with the scheme TLS implies. Context: the root. */}}
{{- define "kadr.publicUrl" -}}
{{- if .Values.global.publicUrl -}}
{{- .Values.global.publicUrl | trimSuffix "/" -}}
{{- else -}}
{{- printf "%s://%s" (ternary "https" "http" (and .Values.ingress.enabled .Values.ingress.tls.enabled)) .Values.ingress.host -}}
{{- end -}}
{{- end -}}

{{/* S3_PUBLIC_ENDPOINT: the value, else the public URL when the ingress proxies /kadr-media, else nothing. Context: the root. */}}
{{- define "kadr.objectStorePublicEndpoint" -}}
{{- if .Values.externals.objectStore.publicEndpoint -}}
{{- .Values.externals.objectStore.publicEndpoint -}}
{{- else if and .Values.ingress.enabled .Values.ingress.mediaProxy.enabled -}}
{{- include "kadr.publicUrl" . -}}
{{- end -}}
{{- end -}}

{{/* In-cluster URL of a component's HTTP port, for another component's *_URL variable. Context: root, name (the target). */}}
{{- define "kadr.componentUrl" -}}
{{- $target := index .root.Values.components .name -}}
{{- printf "http://%s:%v" (include "kadr.componentFullname" .) $target.port -}}
{{- end -}}

{{/* "true" when KEDA, not an HPA of the chart's own, scales this component. Context: root, name. */}}
{{- define "kadr.kedaScaled" -}}
{{- if and .root.Values.keda.enabled (eq .name "jobs-worker") -}}true{{- end -}}
{{- end -}}

{{/* "true" when something other than `replicas` sets the count (HPA or KEDA): the Deployment then leaves replicas out. Context: root, name, c. */}}
{{- define "kadr.autoscaled" -}}
{{- if or .c.autoscaling.enabled (include "kadr.kedaScaled" .) -}}true{{- end -}}
{{- end -}}

{{/* The least replicas a component runs with. Context: root, name, c. */}}
{{- define "kadr.minReplicas" -}}
{{- if include "kadr.kedaScaled" . -}}
{{- .root.Values.keda.minReplicaCount -}}
{{- else if .c.autoscaling.enabled -}}
{{- .c.autoscaling.minReplicas -}}
{{- else -}}
{{- .c.replicas -}}
{{- end -}}
{{- end -}}

{{/* "true" when a component can run more than one replica (spread constraints make sense). Context: root, name, c. */}}
{{- define "kadr.canRunMany" -}}
{{- if include "kadr.kedaScaled" . -}}
{{- if gt (int .root.Values.keda.maxReplicaCount) 1 -}}true{{- end -}}
{{- else if .c.autoscaling.enabled -}}
{{- if gt (int .c.autoscaling.maxReplicas) 1 -}}true{{- end -}}
{{- else if gt (int .c.replicas) 1 -}}true{{- end -}}
{{- end -}}

{{/*
The Kafka consumer groups a component's code joins (constants in the services, not configurable:
folder = component = consumer group, ARCHITECTURE §9). Written on the Deployment for operators
(Strimzi KafkaUser ACLs, lag dashboards). Context: name.
*/}}
{{- define "kadr.consumerGroups" -}}
{{- $groups := dict
  "auth-gateway" "auth-gateway,auth-gateway-live"
  "commerce" "commerce"
  "jobs" "jobs"
  "jobs-worker" "jobs-worker"
  "media" "media"
  "i18n" "i18n"
  "admin" "admin"
  "notifications" "notifications" -}}
{{- get $groups .name -}}
{{- end -}}

{{/*
The component's non-secret environment, as "KEY: value" lines (its ConfigMap's data). Derived from the
component's runtime, `uses` and `upstreams` first; the component's own `env` then adds or overrides.
OTEL_SERVICE_NAME is not here but in kadr.identityEnv. Context: root, name, c.
*/}}
{{- define "kadr.configData" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- $v := $root.Values -}}
{{- $ext := $v.externals -}}
{{- $data := dict -}}
{{- if eq $c.runtime "node" -}}
{{- $_ := set $data "NODE_ENV" $v.global.nodeEnv -}}
{{- $_ := set $data "HOST" "0.0.0.0" -}}
{{- if $c.port -}}{{- $_ := set $data "PORT" (toString $c.port) -}}{{- end -}}
{{- $_ := set $data "METRICS_PORT" (toString $c.metrics.port) -}}
{{- $_ := set $data "LOG_LEVEL" $v.global.logLevel -}}
{{- $_ := set $data "PUBLIC_URL" (include "kadr.publicUrl" $root) -}}
{{- with $v.global.otel.endpoint -}}{{- $_ := set $data "OTEL_EXPORTER_OTLP_ENDPOINT" . -}}{{- end -}}
{{- $_ := set $data "OTEL_TRACES_SAMPLER" "parentbased_traceidratio" -}}
{{- $_ := set $data "OTEL_TRACES_SAMPLER_ARG" (toString $v.global.otel.samplerRatio) -}}
{{- end -}}
{{- if $c.uses.kafka -}}
{{- $_ := set $data "KAFKA_BROKERS" $ext.kafka.brokers -}}
{{- end -}}
{{- if $c.uses.mongodb -}}
{{- with (get $ext.mongodb.databases .name) -}}{{- $_ := set $data "MONGODB_DB" . -}}{{- end -}}
{{- $uriSecret := get $ext.mongodb.uriSecrets .name | default dict -}}
{{- if and (not $uriSecret.secretName) $ext.mongodb.uri -}}
{{- $_ := set $data "MONGODB_URI" $ext.mongodb.uri -}}
{{- end -}}
{{- end -}}
{{- if and $c.uses.redis (not $ext.redis.urlSecret.secretName) -}}
{{- $_ := set $data "REDIS_URL" $ext.redis.url -}}
{{- end -}}
{{- if $c.uses.objectStore -}}
{{- $_ := set $data "S3_ENDPOINT" $ext.objectStore.endpoint -}}
{{- $_ := set $data "S3_REGION" $ext.objectStore.region -}}
{{- $_ := set $data "S3_BUCKET" $ext.objectStore.bucket -}}
{{- $_ := set $data "S3_FORCE_PATH_STYLE" (toString $ext.objectStore.forcePathStyle) -}}
{{- with (include "kadr.objectStorePublicEndpoint" $root) -}}{{- $_ := set $data "S3_PUBLIC_ENDPOINT" . -}}{{- end -}}
{{- end -}}
{{- if $c.uses.oidc -}}
{{- with $ext.oidc.issuerUrl -}}{{- $_ := set $data "OIDC_ISSUER_URL" . -}}{{- end -}}
{{- $_ := set $data "OIDC_CLIENT_ID" $ext.oidc.clientId -}}
{{- $_ := set $data "OIDC_SCOPES" $ext.oidc.scopes -}}
{{- end -}}
{{- if $c.uses.internalToken -}}
{{- $_ := set $data "INTERNAL_TOKEN_KEY_ID" $v.internalToken.current.keyId -}}
{{- with $v.internalToken.accepted.keyId -}}{{- $_ := set $data "INTERNAL_TOKEN_ACCEPTED_KEY_ID" . -}}{{- end -}}
{{- end -}}
{{- range $variable, $target := $c.upstreams -}}
{{- $_ := set $data $variable (include "kadr.componentUrl" (dict "root" $root "name" $target)) -}}
{{- end -}}
{{- range $key, $value := $c.env -}}
{{- if not (kindIs "invalid" $value) -}}{{- $_ := set $data $key (include "kadr.envValue" $value) -}}{{- end -}}
{{- end -}}
{{- $lines := list -}}
{{- range $key := keys $data | sortAlpha -}}
{{- $lines = append $lines (printf "%s: %s" $key (get $data $key | quote)) -}}
{{- end -}}
{{- join "\n" $lines -}}
{{- end -}}

{{/*
A value as an environment string. YAML numbers reach templates as float64, which print as 1e+06 from a
million on: whole numbers are written as integers. Context: the value.
*/}}
{{- define "kadr.envValue" -}}
{{- if and (kindIs "float64" .) (eq (float64 (int64 .)) .) -}}
{{- int64 . | toString -}}
{{- else -}}
{{- toString . -}}
{{- end -}}
{{- end -}}

{{/*
Labels of a component's pods: the selector labels plus what does not churn. No helm.sh/chart here: a
chart-only release would otherwise roll every pod. The version label is the image tag the pod runs.
Context: root, name, c.
*/}}
{{- define "kadr.podLabels" -}}
{{ include "kadr.selectorLabels" . }}
app.kubernetes.io/version: {{ include "kadr.imageTag" . | trunc 63 | trimSuffix "-" | quote }}
app.kubernetes.io/part-of: kadr
{{- end -}}

{{/*
The component's secret environment: a list of {name, secretName, key, optional} built from `uses`
(internal token, MongoDB URI, Redis URL, object store keys, OIDC client secret) and the component's own
`secretEnv`. Rendered as a JSON list so templates can both range over it and check it. Context: root, name, c.
*/}}
{{- define "kadr.secretRefs" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- $v := $root.Values -}}
{{- $ext := $v.externals -}}
{{- $refs := list -}}
{{- if $c.uses.internalToken -}}
{{- $refs = append $refs (dict "name" "INTERNAL_TOKEN_SECRET" "secretName" $v.internalToken.existingSecret "key" $v.internalToken.current.secretKey) -}}
{{- with $v.internalToken.accepted.secretKey -}}
{{- $refs = append $refs (dict "name" "INTERNAL_TOKEN_ACCEPTED_SECRET" "secretName" $v.internalToken.existingSecret "key" .) -}}
{{- end -}}
{{- end -}}
{{- if $c.uses.mongodb -}}
{{- $uriSecret := get $ext.mongodb.uriSecrets .name | default dict -}}
{{- if $uriSecret.secretName -}}
{{- $refs = append $refs (dict "name" "MONGODB_URI" "secretName" $uriSecret.secretName "key" $uriSecret.key) -}}
{{- end -}}
{{- end -}}
{{- if and $c.uses.redis $ext.redis.urlSecret.secretName -}}
{{- $refs = append $refs (dict "name" "REDIS_URL" "secretName" $ext.redis.urlSecret.secretName "key" $ext.redis.urlSecret.key) -}}
{{- end -}}
{{- if $c.uses.objectStore -}}
{{- $refs = append $refs (dict "name" "S3_ACCESS_KEY_ID" "secretName" $ext.objectStore.existingSecret "key" $ext.objectStore.accessKeyIdKey) -}}
{{- $refs = append $refs (dict "name" "S3_SECRET_ACCESS_KEY" "secretName" $ext.objectStore.existingSecret "key" $ext.objectStore.secretAccessKeyKey) -}}
{{- end -}}
{{- if and $c.uses.oidc $ext.oidc.existingSecret -}}
{{- $refs = append $refs (dict "name" "OIDC_CLIENT_SECRET" "secretName" $ext.oidc.existingSecret "key" $ext.oidc.clientSecretKey) -}}
{{- end -}}
{{- range $variable, $ref := $c.secretEnv -}}
{{- if $ref -}}
{{- $refs = append $refs (dict "name" $variable "secretName" $ref.secretName "key" $ref.key "optional" ($ref.optional | default false)) -}}
{{- end -}}
{{- end -}}
{{- toJson $refs -}}
{{- end -}}

{{/* Pod securityContext: the global hardening plus the component's numeric user, group and fsGroup. Context: root, c. */}}
{{- define "kadr.podSecurityContext" -}}
{{- $ctx := deepCopy .root.Values.global.podSecurityContext -}}
{{- $_ := set $ctx "runAsUser" .c.securityContext.runAsUser -}}
{{- $_ := set $ctx "runAsGroup" .c.securityContext.runAsGroup -}}
{{- $_ := set $ctx "fsGroup" .c.securityContext.fsGroup -}}
{{- toYaml $ctx -}}
{{- end -}}

{{/* Container securityContext: the global hardening plus the numeric user and group (also per container, so linters and admission see them). Context: root, c. */}}
{{- define "kadr.containerSecurityContext" -}}
{{- $ctx := deepCopy .root.Values.global.containerSecurityContext -}}
{{- $_ := set $ctx "runAsUser" .c.securityContext.runAsUser -}}
{{- $_ := set $ctx "runAsGroup" .c.securityContext.runAsGroup -}}
{{- toYaml $ctx -}}
{{- end -}}

{{/* An httpGet probe from the component's probe values. Context: a probe's values. */}}
{{- define "kadr.probe" -}}
httpGet:
  path: {{ .path }}
  port: {{ .port }}
initialDelaySeconds: {{ .initialDelaySeconds }}
periodSeconds: {{ .periodSeconds }}
timeoutSeconds: {{ .timeoutSeconds }}
failureThreshold: {{ .failureThreshold }}
{{- end -}}

{{/*
The hardened pod basics shared by the hook Jobs, the backup CronJob and the test pod, which run
outside the component map: a user id, no service account token. Context: dict "user" <uid>.
*/}}
{{- define "kadr.jobPodSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .user }}
runAsGroup: {{ .user }}
fsGroup: {{ .user }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "kadr.jobContainerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
runAsUser: {{ .user }}
runAsGroup: {{ .user }}
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The routing table (docs/routing.json, through the chart's routing.json link), as a dict. Context: the root. */}}
{{- define "kadr.routing" -}}
{{- $text := .Files.Get "routing.json" -}}
{{- if not $text -}}
{{- fail "routing.json is missing from the chart: charts/kadr/routing.json links to docs/routing.json (the one routing table); a copied chart must carry the file itself" -}}
{{- end -}}
{{- $text -}}
{{- end -}}
