{{- /* One webhook entry; the chart renders it once per mode path. */ -}}
{{- define "spl.webhook" }}
- name: {{ $.name }}
  admissionReviewVersions: [v1]
  sideEffects: None
  timeoutSeconds: {{ $.root.Values.webhook.timeoutSeconds }}
  failurePolicy: {{ $.root.Values.webhook.failurePolicy }}
  matchPolicy: Equivalent
  clientConfig:
    service:
      name: {{ include "spl.fullname" $.root }}
      namespace: {{ $.root.Release.Namespace }}
      path: {{ $.path }}
      port: {{ $.root.Values.service.port }}
    {{- if not (include "spl.useCertManager" $.root) }}
    caBundle: {{ $.caBundle }}
    {{- end }}
  namespaceSelector:
    matchExpressions:
    - key: kubernetes.io/metadata.name
      operator: NotIn
      values: {{ concat (list "kube-system" $.root.Release.Namespace) $.root.Values.webhook.excludeNamespaces | uniq | toJson }}
    # spl.dev/mode on a namespace picks its mode: warn goes to /validate/warn, audit-only to
    # neither webhook (the background audit still reports it); unlabelled namespaces get .Values.mode.
    - key: spl.dev/mode
      operator: {{ $.modeSelector.operator }}
      values: {{ $.modeSelector.values | toJson }}
    {{- with $.root.Values.webhook.namespaceSelectorExpressions }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- with $.root.Values.webhook.objectSelector }}
  objectSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  # The kinds the engine reviews (kinds.yaml, copied from its kind catalogue and drift-tested).
  rules:
  {{- range ($.root.Files.Get "kinds.yaml" | fromYaml).kinds }}
  {{- if .reviewed }}
  - apiGroups: [{{ .group | quote }}]
    apiVersions: ["*"]
    operations: [CREATE, UPDATE]
    resources: [{{ .resource }}]
    scope: Namespaced
  {{- end }}
  {{- end }}
  {{- if $.root.Values.webhook.matchConditions }}
  matchConditions:
  # Services matter only with ClientIP affinity (SPL110, SPL150-SPL153) or with Traefik's service
  # annotations (SPL502): skip the rest early, and nothing any rule reads. (The timeout's range,
  # SPL028, is the API server's own Service validation, which runs before any webhook.)
  - name: services-with-client-ip-affinity
    expression: >-
      request.resource.resource != 'services' ||
      (has(object.spec) && has(object.spec.sessionAffinity) && object.spec.sessionAffinity == 'ClientIP') ||
      (has(object.metadata.annotations) &&
      object.metadata.annotations.exists(k, k.startsWith('traefik.ingress.kubernetes.io/service.')))
  {{- end }}
{{- end }}
