{
  "aliases": {
    "{{jbangAliasName}}": {
      "script-ref": "{{jbangScriptName}}.java",
      "description": "{{projectDescription}}",
      "java-options": ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn32m", "-XX:-UsePerfData"]
    }
  }
}
