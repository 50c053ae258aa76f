# The spl admission webhook image. Build from the repository root:
#   docker build -t ghcr.io/<you>/spl-webhook:0.1.0 .
# Stage 1 builds the shaded jar with Maven; stage 2 runs it on a JRE as a non-root user.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
COPY rules/pom.xml rules/pom.xml
COPY cli/pom.xml cli/pom.xml
COPY webhook/pom.xml webhook/pom.xml
# Dependencies first, so that source changes reuse this layer.
RUN mvn -B -q -pl webhook -am dependency:go-offline -DskipTests
COPY rules rules
COPY cli cli
COPY webhook webhook
COPY examples examples
RUN mvn -B -q -pl webhook -am package -DskipTests -Dspotless.check.skip=true

FROM eclipse-temurin:17-jre
# 65532: the conventional "nonroot" uid; the chart runs the pod as it with a read-only root.
RUN groupadd --gid 65532 spl && useradd --uid 65532 --gid 65532 --no-create-home --shell /usr/sbin/nologin spl
COPY --from=build /src/webhook/target/spl-webhook.jar /app/spl-webhook.jar
USER 65532:65532
EXPOSE 8443
ENTRYPOINT ["java", "-jar", "/app/spl-webhook.jar"]
