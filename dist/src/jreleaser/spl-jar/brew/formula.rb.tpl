# {{jreleaserCreationStamp}}
{{#brewRequireRelative}}
require_relative "{{.}}"
{{/brewRequireRelative}}

class {{brewFormulaName}} < Formula
  desc "{{projectDescription}}"
  homepage "{{projectLinkHomepage}}"
  url "{{distributionUrl}}"{{#brewDownloadStrategy}}, :using => {{.}}{{/brewDownloadStrategy}}
  version "{{projectVersion}}"
  sha256 "{{distributionChecksumSha256}}"
  license "{{projectLicense}}"

  {{#brewHasLivecheck}}
  livecheck do
    {{#brewLivecheck}}
    {{.}}
    {{/brewLivecheck}}
  end
  {{/brewHasLivecheck}}
  {{#brewDependencies}}
  depends_on {{.}}
  {{/brewDependencies}}

  def install
    libexec.install "{{distributionArtifactFile}}"

    bin.mkpath
    File.open("#{bin}/{{distributionExecutableName}}", "w") do |f|
      f.write <<~EOS
        #!/bin/bash
        export JAVA_HOME="#{Language::Java.overridable_java_home_env(nil)[:JAVA_HOME]}"
        {{#distributionJavaMainModule}}
        exec "${JAVA_HOME}/bin/java" -p #{libexec}/{{distributionArtifactFile}} -m {{distributionJavaMainModule}}/{{distributionJavaMainClass}} "$@"
        {{/distributionJavaMainModule}}
        {{^distributionJavaMainModule}}
        # spl's launcher flags (bin/spl in the tarball): a small young generation and the serial
        # collector keep a lint's memory small, C1 only starts faster; the class-data archive is
        # made by the first run and reused after (Java 19+; older Javas ignore the flags).
        # Java 24+ warns on stderr when protobuf (inside CEL) uses sun.misc.Unsafe; older Javas
        # refuse the option that allows it, so it is given by the runtime's release file.
        cds="${XDG_CACHE_HOME:-$HOME/.cache}/spl"
        mkdir -p "$cds" 2>/dev/null
        unsafe=()
        case "$(sed -n 's/^JAVA_VERSION="\\([0-9]*\\).*/\\1/p' "${JAVA_HOME}/release" 2>/dev/null)" in
          2[4-9]|[3-9][0-9]) unsafe=(--sun-misc-unsafe-memory-access=allow) ;;
        esac
        exec "${JAVA_HOME}/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn32m -XX:-UsePerfData \\
          -XX:+IgnoreUnrecognizedVMOptions -XX:+AutoCreateSharedArchive \\
          -XX:SharedArchiveFile="$cds/spl-{{projectVersion}}.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \\
          "${unsafe[@]}" -jar #{libexec}/{{distributionArtifactFile}} "$@"
        {{/distributionJavaMainModule}}
      EOS
    end
  end

  test do
    output = shell_output("#{bin}/{{distributionExecutableName}} --version")
    assert_match "{{projectVersion}}", output
  end
end
