package dev.spl.cli.format;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.ResourceLocation;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML for CI systems that show test reports: a testcase per resource (and per document that
 * is not one), a failure per finding at or above --fail-on; lesser findings go to system-out.
 */
public final class JunitFormatter implements FindingFormatter {
  private final Severity failOn; // null: never fail

  public JunitFormatter(Severity failOn) {
    this.failOn = failOn;
  }

  /** A testcase: a resource, or a document that is not one, and its findings. */
  private record Case(String file, String name, List<Finding> findings) {}

  @Override
  public void write(LintResult result, PrintWriter out) {
    Map<String, Case> cases = new LinkedHashMap<>();
    for (ResourceLocation r : result.linted()) {
      cases.putIfAbsent(
          key(r.position().file(), r.resource()),
          new Case(r.position().file(), r.resource().describe(), new ArrayList<>()));
    }
    for (Finding f : result.findings()) {
      String key =
          f.resource() == null
              ? f.position().file() + ":" + f.position().line()
              : key(f.position().file(), f.resource());
      String name =
          f.resource() == null
              ? "document at line " + f.position().line()
              : f.resource().describe();
      cases
          .computeIfAbsent(key, k -> new Case(f.position().file(), name, new ArrayList<>()))
          .findings()
          .add(f);
    }
    long failures =
        cases.values().stream().filter(c -> c.findings().stream().anyMatch(this::fails)).count();
    try {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuites");
      x.writeAttribute("name", "spl");
      x.writeAttribute("tests", String.valueOf(cases.size()));
      x.writeAttribute("failures", String.valueOf(failures));
      x.writeCharacters("\n  ");
      x.writeStartElement("testsuite");
      x.writeAttribute("name", "spl lint");
      x.writeAttribute("tests", String.valueOf(cases.size()));
      x.writeAttribute("failures", String.valueOf(failures));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", "0");
      for (Case c : cases.values()) {
        x.writeCharacters("\n    ");
        x.writeStartElement("testcase");
        x.writeAttribute("classname", c.file());
        x.writeAttribute("name", c.name());
        StringBuilder lesser = new StringBuilder();
        for (Finding f : c.findings()) {
          String line =
              f.position()
                  + ": "
                  + f.severity().label()
                  + " "
                  + f.ruleId()
                  + " "
                  + f.message()
                  + (f.field().isEmpty() ? "" : " (" + f.field() + ")");
          if (fails(f)) {
            x.writeCharacters("\n      ");
            x.writeStartElement("failure");
            x.writeAttribute("type", f.ruleId() + " " + f.ruleName());
            x.writeAttribute("message", f.message());
            x.writeCharacters(line);
            x.writeEndElement();
          } else {
            lesser.append(line).append('\n');
          }
        }
        if (lesser.length() > 0) {
          x.writeCharacters("\n      ");
          x.writeStartElement("system-out");
          x.writeCharacters(lesser.toString());
          x.writeEndElement();
        }
        if (!c.findings().isEmpty()) {
          x.writeCharacters("\n    ");
        }
        x.writeEndElement();
      }
      x.writeCharacters("\n  ");
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndElement();
      x.writeEndDocument();
      x.flush();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write JUnit XML", e);
    }
    out.println();
  }

  private boolean fails(Finding f) {
    return failOn != null && f.severity().isAtLeast(failOn);
  }

  private static String key(String file, ResourceRef r) {
    return file + "|" + r.apiVersion() + "|" + r.kind() + "|" + r.namespace() + "|" + r.name();
  }
}
