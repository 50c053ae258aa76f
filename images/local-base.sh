#!/usr/bin/env bash
# Makes target/local-base/base.tar, the base image the build's own images are made from here:
# no registry is reachable from the machines spl is built and tested on. It is shaped like the
# released images' base, gcr.io/distroless/java17-debian12:nonroot (Debian's C and C++ runtime
# libraries, a Java 17 runtime on /usr/bin/java, the nonroot user 65532), made from Debian's
# packages and this machine's JDK (jlink), packed by umoci and written by skopeo in the
# `docker save` format Jib takes as a tar:// base. Needs apt-get, dpkg-deb, umoci and skopeo.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/target/local-base"
jdk="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
rm -rf "$out"
mkdir -p "$out/debs" "$out/rootfs"

# The C runtime a JDK's native libraries link against (ldd lib/server/libjvm.so, lib/libzip.so).
chmod 777 "$out/debs" # apt downloads as its own user
(cd "$out/debs" && apt-get download -qq libc6 libgcc-s1 libstdc++6 zlib1g gcc-12-base)
for deb in "$out"/debs/*.deb; do
  dpkg-deb -x "$deb" "$out/rootfs"
done
rm -rf "$out/rootfs/usr/share/doc" "$out/rootfs/usr/share/lintian" "$out/rootfs/usr/share/locale"

# Java 17: the Java SE modules and the JDK ones servers commonly need, without tools or headers.
"$jdk/bin/jlink" --add-modules java.se,jdk.crypto.ec,jdk.unsupported,jdk.management,jdk.zipfs,jdk.naming.dns,jdk.localedata \
  --include-locales en --strip-debug --no-man-pages --no-header-files --generate-cds-archive \
  --output "$out/rootfs/usr/lib/jvm/java-17"
mkdir -p "$out/rootfs/usr/bin" "$out/rootfs/etc" "$out/rootfs/home/nonroot" "$out/rootfs/tmp"
ln -s ../lib/jvm/java-17/bin/java "$out/rootfs/usr/bin/java"
chmod 1777 "$out/rootfs/tmp"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' > "$out/rootfs/etc/passwd"
printf 'root:x:0:\nnonroot:x:65532:\n' > "$out/rootfs/etc/group"

umoci init --layout "$out/oci"
umoci new --image "$out/oci:base"
# One layer, owned by root, in a stable order and date (the same inputs make the same layer).
tar -C "$out/rootfs" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf "$out/layer.tar" .
umoci raw add-layer --image "$out/oci:base" "$out/layer.tar"
umoci config --image "$out/oci:base" --os linux --architecture amd64 \
  --config.user 65532:65532 --config.workingdir /home/nonroot \
  --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --config.env JAVA_VERSION="$("$jdk/bin/java" -version 2>&1 | sed -n 's/.*version "\(.*\)".*/\1/p')"
skopeo --insecure-policy copy --quiet "oci:$out/oci:base" "docker-archive:$out/base.tar:spl-local-base:latest"
rm -rf "$out/rootfs" "$out/debs" "$out/oci" "$out/layer.tar"
echo "images: made $out/base.tar ($(du -h "$out/base.tar" | cut -f1))"
