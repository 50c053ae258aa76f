{{- define "spl.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "spl.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "spl.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "spl.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "spl.selectorLabels" -}}
app.kubernetes.io/name: {{ include "spl.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "spl.labels" -}}
{{ include "spl.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{- define "spl.tlsSecret" -}}
{{ .Values.tls.existingSecret | default (printf "%s-tls" (include "spl.fullname" .)) }}
{{- end -}}

{{- define "spl.serviceDNS" -}}
{{ include "spl.fullname" . }}.{{ .Release.Namespace }}.svc
{{- end -}}

{{- /* cert-manager issues the certificate unless the user brings a Secret of their own. */ -}}
{{- define "spl.useCertManager" -}}
{{- if and .Values.certManager.enabled (not .Values.tls.existingSecret) -}}true{{- end -}}
{{- end -}}

{{- /* Neither cert-manager nor a Secret of the user's: the webhook manages its own certificate. */ -}}
{{- define "spl.managedTls" -}}
{{- if not (or (include "spl.useCertManager" .) .Values.tls.existingSecret) -}}true{{- end -}}
{{- end -}}

{{- /* The webhook runs unless only the API server's policies are wanted (policies.mode vap). */ -}}
{{- define "spl.runsWebhook" -}}
{{- if ne .Values.policies.mode "vap" -}}true{{- end -}}
{{- end -}}

{{- /* The Gateway API version the generated policies are for: latest is the newest release. */ -}}
{{- define "spl.policyVersion" -}}
{{- if eq .Values.gatewayApiVersion "auto" -}}
{{- fail "gatewayApiVersion auto is for the webhook alone (it reads the cluster's CRDs at start); the generated policies need a version: set gatewayApiVersion, e.g. v1.6, or policies.mode: webhook" -}}
{{- else if eq .Values.gatewayApiVersion "latest" -}}v1.6{{- else -}}{{ .Values.gatewayApiVersion }}{{- end -}}
{{- end -}}
