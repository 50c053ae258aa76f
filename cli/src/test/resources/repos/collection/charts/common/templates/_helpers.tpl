{{- define "acme-common.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- define "acme-common.required" -}}
{{- if not .Values.database.password -}}
{{- fail "Either provide database credentials as values, or provide a secret that contains them." -}}
{{- end -}}
{{- end -}}
