package dev.spl.rules.nginx;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/** The Services with ClientIP affinity that ingress-nginx Ingresses send to. */
final class ClientIpServices {
  static final FieldPath AFFINITY = FieldPath.of("spec", "sessionAffinity");

  static final Inputs INPUTS = NginxIngress.INPUTS.and(KindRole.SERVICE, "sessionAffinity");

  /**
   * A ClientIP Service and the first Ingress backend (chosen by {@code which}) that sends to it.
   */
  record Use(Resource service, NginxIngress ingress, IngressPath backend) {}

  private ClientIpServices() {}

  /**
   * Per ClientIP Service, the first backend of an Ingress {@code which} accepts that sends to it.
   */
  static Map<Resource, Use> behind(
      ResourceIndex index, dev.spl.rules.RuleContext context, Predicate<NginxIngress> which) {
    Map<Resource, Use> out = new LinkedHashMap<>();
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      if (ing == null || !which.test(ing)) {
        continue;
      }
      for (IngressPath b : ing.backends()) {
        index
            .find(new ObjectKey("", Kinds.SERVICE, r.namespace(), b.service()))
            .filter(
                svc ->
                    svc.spec() != null && "ClientIP".equals(svc.spec().string("sessionAffinity")))
            .ifPresent(svc -> out.putIfAbsent(svc, new Use(svc, ing, b)));
      }
    }
    return out;
  }

  /** service-upstream or ssl-passthrough: nginx sends to the cluster IP, kube-proxy picks. */
  static boolean viaClusterIp(NginxIngress ing) {
    return ing.isTrue("service-upstream") || ing.isTrue("ssl-passthrough");
  }
}
