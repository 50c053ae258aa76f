package dev.spl.cli.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Chart dependency constraints as Helm (Masterminds/semver v3) reads them. */
class SemverConstraintTest {
  @ParameterizedTest(name = "{0} allows {1}: {2}")
  @CsvSource(
      delimiter = ';',
      value = {
        "1.2.3; 1.2.3; true",
        "1.2.3; 1.2.4; false",
        "1.2; 1.2.9; true",
        "1.2; 1.3.0; false",
        "1.2.x; 1.2.7; true",
        "1.x; 1.9.0; true",
        "1.x; 2.0.0; false",
        "*; 7.0.0; true",
        "~1.2.0; 1.2.9; true",
        "~1.2.0; 1.3.0; false",
        "~1; 1.9.9; true",
        "^1.2.3; 1.9.0; true",
        "^1.2.3; 2.0.0; false",
        "^1.2.3; 1.2.2; false",
        "^0.2.3; 0.2.9; true",
        "^0.2.3; 0.3.0; false",
        "^0.0.3; 0.0.4; false",
        ">= 1.0, < 2; 1.5.0; true",
        ">= 1.0, < 2; 2.0.0; false",
        ">=1.0 <2.0; 1.0.0; true",
        "1.0 - 1.4; 1.4.0; true",
        "1.0 - 1.4; 1.5.0; false",
        "<1.0 || >=3; 3.1.0; true",
        "<1.0 || >=3; 2.0.0; false",
        "!=1.2.3; 1.2.3; false",
        ">1.2; 1.2.9; false",
        ">1.2; 1.3.0; true",
        "^1.0.0; 1.1.0-rc.1; false",
        "^1.1.0-rc.0; 1.1.0-rc.1; true",
        "v1.2.3; 1.2.3; true",
        "bogus; 1.2.3; false",
      })
  void allows(String constraint, String version, boolean allowed) {
    assertEquals(
        allowed,
        SemverConstraint.parse(constraint)
            .allows(SemverConstraint.Version.parse(version).orElseThrow()));
  }
}
