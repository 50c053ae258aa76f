package dev.spl.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.cli.Spl;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JunitFormatterTest {

  private static Document junit(String failOn, String path) throws Exception {
    StringWriter out = new StringWriter();
    Spl.run(
        new String[] {
          "lint", "--format", "junit", "--gateway-api-version", "v1.4", "--fail-on", failOn, path
        },
        new PrintWriter(out),
        new PrintWriter(new StringWriter()));
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void aTestcasePerResourceAndFailuresAtTheThreshold() throws Exception {
    // SPL151's bad example: two Services, one info finding each; SPL123's: a warning and clean
    // objects.
    Document doc = junit("info", "../examples/SPL151-client-ip-affinity-inert/bad.yaml");
    NodeList cases = doc.getElementsByTagName("testcase");
    assertEquals(2, cases.getLength());
    assertEquals(2, doc.getElementsByTagName("failure").getLength());
    assertEquals(
        "2", ((Element) doc.getElementsByTagName("testsuite").item(0)).getAttribute("failures"));

    Document lenient = junit("error", "../examples/SPL151-client-ip-affinity-inert/bad.yaml");
    assertEquals(0, lenient.getElementsByTagName("failure").getLength());
    assertTrue(
        lenient.getElementsByTagName("system-out").item(0).getTextContent().contains("SPL151"));
  }

  @Test
  void cleanResourcesAreTestcasesToo() throws Exception {
    Document doc = junit("warning", "../examples/SPL123-partial-persistence-in-split/bad.yaml");
    assertEquals(3, doc.getElementsByTagName("testcase").getLength());
    assertEquals(1, doc.getElementsByTagName("failure").getLength());
  }

  @Test
  void documentsThatAreNotResourcesAreTestcases() throws Exception {
    Document doc = junit("error", "../examples/SPL001-yaml-syntax/bad.yaml");
    Element failure = (Element) doc.getElementsByTagName("failure").item(0);
    assertEquals("SPL001 yaml-syntax", failure.getAttribute("type"));
    assertEquals("document at line 6", ((Element) failure.getParentNode()).getAttribute("name"));
  }
}
