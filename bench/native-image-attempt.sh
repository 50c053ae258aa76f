#!/usr/bin/env bash
# Tries to build a native executable with GraalVM's native-image builder taken from Maven Central
# (org.graalvm.nativeimage:svm and its dependencies), run on the machine's Temurin 25, for a
# one-class program; prints where it stops. Issue 28 item 2: no GraalVM distribution is reachable
# here, only these artifacts. Usage: bench/native-image-attempt.sh [SVM_VERSION] (default 25.0.4)
set -euo pipefail
version=${1:-25.0.4}
jdk=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>x</groupId><artifactId>native-image-attempt</artifactId><version>1</version>
<dependencies><dependency><groupId>org.graalvm.nativeimage</groupId><artifactId>svm</artifactId>
<version>$version</version></dependency></dependencies></project>
POM
(cd "$work" && JAVA_HOME=$jdk mvn -B -q dependency:copy-dependencies -DoutputDirectory=lib)
mkdir -p "$work/hello"
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' \
  > "$work/Hello.java"
"$jdk/bin/javac" -d "$work/hello" "$work/Hello.java"
echo "artifacts: $(find "$work/lib" -name '*.jar' -printf '%f ')"
native_libs=0
for j in "$work"/lib/*.jar; do
  n=$(unzip -l "$j" | grep -cE '\.(a|so)$' || true)
  native_libs=$((native_libs + n))
done
echo "C libraries (*.a, *.so) among them: $native_libs"
echo "JDK static libraries in $jdk: $(find "$jdk/lib/static" -name '*.a' 2>/dev/null | wc -l)"
modules=$(find "$work/lib" -name '*.jar' ! -name 'compiler-*' | tr '\n' ':')
exports=()
for p in jdk.internal.module jdk.internal.misc jdk.internal.loader jdk.internal.reflect jdk.internal.access \
         jdk.internal.vm jdk.internal.vm.annotation jdk.internal.util jdk.internal.platform jdk.internal.ref; do
  for m in org.graalvm.nativeimage.base org.graalvm.nativeimage.builder org.graalvm.nativeimage.pointsto jdk.graal.compiler; do
    exports+=(--add-exports "java.base/$p=$m")
  done
done
for p in meta code runtime services hotspot common amd64 code.site code.stack; do
  for m in org.graalvm.nativeimage.base org.graalvm.nativeimage.builder org.graalvm.nativeimage.pointsto jdk.graal.compiler; do
    exports+=(--add-exports "jdk.internal.vm.ci/jdk.vm.ci.$p=$m")
  done
done
# Temurin's JVMCI is older than the builder asks for: the check is told to warn, not stop.
status=0
JVMCI_VERSION_CHECK=warn "$jdk/bin/java" -Xmx6g -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  -XX:-UseJVMCICompiler -Djava.system.class.loader=com.oracle.svm.hosted.NativeImageSystemClassLoader \
  -Dorg.graalvm.nativeimage.imagecode=buildtime "${exports[@]}" \
  --upgrade-module-path "$(find "$work/lib" -name 'compiler-*.jar')" --module-path "$modules" \
  --add-modules ALL-DEFAULT \
  -m org.graalvm.nativeimage.builder/com.oracle.svm.hosted.NativeImageGeneratorRunner \
  -imagecp "$work/hello" -H:Class=Hello -H:Name=hello -H:Path="$work/out" 2>&1 | grep -v '^\s*at ' || status=$?
if [ -x "$work/out/hello" ]; then
  echo "native-image attempt: built $("$work/out/hello")"
else
  echo "native-image attempt: no executable (status $status)"
fi
