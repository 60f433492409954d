{{/*
Checks across values that JSON Schema cannot express (values.schema.json covers types, unknown keys and
ranges). Each failure names the value to change. Called once, from component-configmap.yaml.

Why these: a service without KAFKA_BROKERS, MONGODB_URI or S3_ENDPOINT does not fail, it silently falls
back to its embedded in-memory adapter (ARCHITECTURE §7) — in Kubernetes that means every pod with its
own private bus and database. The chart refuses to render that instead.
*/}}
{{- define "kadr.validate" -}}
{{- $v := .Values -}}
{{- $ext := $v.externals -}}
{{- $reserved := list "OTEL_SERVICE_NAME" "PORT" "METRICS_PORT" "HOST" "OTEL_RESOURCE_ATTRIBUTES" "K8S_POD_NAME" "K8S_NAMESPACE" "K8S_NODE_NAME" -}}
{{- range $name, $c := $v.components -}}
{{- if $c.enabled -}}
{{- $ctx := dict "root" $ "name" $name "c" $c -}}
{{- /* The chart owns these: they follow the component map (naming rule, ports). */ -}}
{{- range $key := $reserved -}}
{{- if or (hasKey $c.env $key) (hasKey $c.secretEnv $key) -}}
{{- fail (printf "components.%s: %s is set by the chart (from the component's name, ports and pod; extra OpenTelemetry attributes go in global.otel.resourceAttributes); remove it" $name $key) -}}
{{- end -}}
{{- end -}}
{{- /* A variable comes either from the ConfigMap or from a Secret, never both. */ -}}
{{- range $ref := (include "kadr.secretRefs" $ctx | fromJsonArray) -}}
{{- if hasKey $c.env $ref.name -}}
{{- fail (printf "components.%s: %s is both in env and a secret reference; keep only the secret" $name $ref.name) -}}
{{- end -}}
{{- if or (not $ref.secretName) (not $ref.key) -}}
{{- fail (printf "components.%s: the secret reference of %s needs both secretName and key" $name $ref.name) -}}
{{- end -}}
{{- end -}}
{{- if $c.uses.kafka -}}
{{- if not $ext.kafka.brokers -}}
{{- fail (printf "externals.kafka.brokers is empty but components.%s uses Kafka: set the bootstrap servers (Strimzi: <cluster>-kafka-bootstrap:9092)" $name) -}}
{{- end -}}
{{- if hasKey $c.secretEnv "KAFKA_BROKERS" -}}{{- fail (printf "components.%s.secretEnv.KAFKA_BROKERS: set externals.kafka.brokers instead" $name) -}}{{- end -}}
{{- end -}}
{{- if $c.uses.mongodb -}}
{{- $uriSecret := get $ext.mongodb.uriSecrets $name | default dict -}}
{{- if and (not $uriSecret.secretName) (not $ext.mongodb.uri) -}}
{{- fail (printf "components.%s uses MongoDB but has no URI: set externals.mongodb.uriSecrets.%s (secretName, key) or externals.mongodb.uri" $name $name) -}}
{{- end -}}
{{- if contains "@" $ext.mongodb.uri -}}
{{- fail "externals.mongodb.uri must not hold credentials (it goes into ConfigMaps): put URIs with credentials in Secrets and name them in externals.mongodb.uriSecrets" -}}
{{- end -}}
{{- end -}}
{{- if and $c.uses.redis (not $ext.redis.urlSecret.secretName) -}}
{{- if not $ext.redis.url -}}
{{- fail (printf "components.%s uses Redis: set externals.redis.url or externals.redis.urlSecret" $name) -}}
{{- end -}}
{{- if contains "@" $ext.redis.url -}}
{{- fail "externals.redis.url must not hold a password (it goes into a ConfigMap): use externals.redis.urlSecret" -}}
{{- end -}}
{{- end -}}
{{- if $c.uses.objectStore -}}
{{- if or (not $ext.objectStore.endpoint) (not $ext.objectStore.bucket) (not $ext.objectStore.existingSecret) -}}
{{- fail (printf "components.%s uses the object store: set externals.objectStore.endpoint, .bucket and .existingSecret" $name) -}}
{{- end -}}
{{- end -}}
{{- if $c.uses.internalToken -}}
{{- if or (not $v.internalToken.existingSecret) (not $v.internalToken.current.keyId) (not $v.internalToken.current.secretKey) -}}
{{- fail "internalToken.existingSecret, internalToken.current.keyId and internalToken.current.secretKey are required (README \"Secrets\")" -}}
{{- end -}}
{{- if ne (empty $v.internalToken.accepted.keyId) (empty $v.internalToken.accepted.secretKey) -}}
{{- fail "internalToken.accepted: set both keyId and secretKey, or neither" -}}
{{- end -}}
{{- if and $v.internalToken.accepted.keyId (eq $v.internalToken.accepted.keyId $v.internalToken.current.keyId) -}}
{{- fail "internalToken.accepted.keyId equals current.keyId: the accepted key is the other one (the next key before a switch, the previous one after)" -}}
{{- end -}}
{{- end -}}
{{- range $variable, $target := $c.upstreams -}}
{{- $up := get $v.components $target -}}
{{- if not $up -}}
{{- fail (printf "components.%s.upstreams.%s names %q, which is not a component" $name $variable $target) -}}
{{- end -}}
{{- if not $up.enabled -}}
{{- fail (printf "components.%s.upstreams.%s names %s, which is disabled (components.%s.enabled)" $name $variable $target $target) -}}
{{- end -}}
{{- if not $up.port -}}
{{- fail (printf "components.%s.upstreams.%s names %s, which has no HTTP port" $name $variable $target) -}}
{{- end -}}
{{- end -}}
{{- range $kind, $probe := $c.probes -}}
{{- if and $probe.enabled (eq $probe.port "http") (not $c.port) -}}
{{- fail (printf "components.%s.probes.%s.port is http but the component has no HTTP port: use metrics" $name $kind) -}}
{{- end -}}
{{- if and $probe.enabled (eq $probe.port "metrics") (not $c.metrics.enabled) -}}
{{- fail (printf "components.%s.probes.%s.port is metrics but components.%s.metrics.enabled is false" $name $kind $name) -}}
{{- end -}}
{{- end -}}
{{- if and $c.autoscaling.enabled (gt (int $c.autoscaling.minReplicas) (int $c.autoscaling.maxReplicas)) -}}
{{- fail (printf "components.%s.autoscaling: minReplicas (%v) is above maxReplicas (%v)" $name $c.autoscaling.minReplicas $c.autoscaling.maxReplicas) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if $v.ingress.enabled -}}
{{- range $needed := list "web" "auth-gateway" -}}
{{- $c := get $v.components $needed -}}
{{- if or (not $c.enabled) (not $c.port) -}}
{{- fail (printf "ingress.enabled routes to %s, which is disabled or has no port: enable components.%s or set ingress.enabled=false" $needed $needed) -}}
{{- end -}}
{{- end -}}
{{- if not $v.ingress.host -}}{{- fail "ingress.host is required when ingress.enabled is true" -}}{{- end -}}
{{- if and $v.ingress.tls.enabled (not $v.ingress.tls.secretName) -}}
{{- fail "ingress.tls.secretName is required with TLS (an existing Secret, or the one cert-manager writes)" -}}
{{- end -}}
{{- end -}}
{{- if and (not $v.ingress.enabled) (not $v.global.publicUrl) -}}
{{- fail "global.publicUrl is required when ingress.enabled is false (it cannot be derived from ingress.host)" -}}
{{- end -}}
{{- if and $v.keda.enabled (not (get $v.components "jobs-worker").enabled) -}}
{{- fail "keda.enabled scales components.jobs-worker, which is disabled" -}}
{{- end -}}
{{- if and $v.keda.enabled (gt (int $v.keda.minReplicaCount) (int $v.keda.maxReplicaCount)) -}}
{{- fail "keda.minReplicaCount is above keda.maxReplicaCount" -}}
{{- end -}}
{{- if $v.backup.mongodb.enabled -}}
{{- $b := $v.backup.mongodb -}}
{{- if not $b.uriSecret.secretName -}}{{- fail "backup.mongodb.uriSecret.secretName is required (a user with the backup role)" -}}{{- end -}}
{{- if and (eq $b.target "pvc") (not $b.pvc.existingClaim) -}}{{- fail "backup.mongodb.target is pvc: set backup.mongodb.pvc.existingClaim" -}}{{- end -}}
{{- if and (eq $b.target "s3") (or (not $b.s3.bucket) (not $b.s3.existingSecret)) -}}{{- fail "backup.mongodb.target is s3: set backup.mongodb.s3.bucket and .existingSecret" -}}{{- end -}}
{{- end -}}
{{- end -}}
