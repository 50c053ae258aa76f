package dev.spl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Plain scalars resolve as go-yaml v2 (sigs.k8s.io/yaml, what kubectl and the API server use) does.
 */
class KubernetesScalarsTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      on       | Boolean:true
      yes      | Boolean:true
      y        | Boolean:true
      NO       | Boolean:false
      n        | Boolean:false
      True     | Boolean:true
      0777     | Long:511
      0o17     | Long:15
      0x1F     | Long:31
      0b101    | Long:5
      1_000    | Long:1000
      +12      | Long:12
      -3       | Long:-3
      12:30    | String:12:30
      2024-01-01 | String:2024-01-01
      ~        | null
      null     | null
      1.5      | Double:1.5
      1e3      | Double:1000.0
      .inf     | Double:Infinity
      1d       | String:1d
      1h       | String:1h
      09       | Double:9.0
      """)
  void resolvesLikeGoYamlV2(String plain, String expected) {
    Object value = KubernetesScalars.resolvePlain(plain);
    String actual = value == null ? "null" : value.getClass().getSimpleName() + ":" + value;
    assertEquals(expected, actual);
  }
}
