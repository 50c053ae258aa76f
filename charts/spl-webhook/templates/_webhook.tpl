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
  # The kinds the engine reviews: those its single-object rules declare they read (kinds.yaml).
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
  {{- $filter := ($.root.Files.Get "kinds.yaml" | fromYaml).serviceFilter }}
  matchConditions:
  # Services matter only when some rule reads them: ClientIP affinity, or an annotation under a
  # prefix a rule reads (kinds.yaml's serviceFilter, derived from every rule's declared inputs):
  # skip the rest early.
  - name: services-rules-read
    expression: >-
      request.resource.resource != 'services' ||
      {{- if $filter.sessionAffinity }}
      (has(object.spec) && has(object.spec.sessionAffinity) && object.spec.sessionAffinity == 'ClientIP') ||
      {{- end }}
      (has(object.metadata.annotations) &&
      object.metadata.annotations.exists(k,
      {{- range $filter.annotationPrefixes }} k.startsWith({{ . | squote }}) ||{{ end }} false))
  {{- end }}
{{- end }}
