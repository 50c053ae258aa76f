package dev.spl.cli.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressLeakTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "10.0.3.7",
        "10.0.3.7:8080",
        "backend-1.shop.svc:8080",
        "fd00::12:7",
        "[2001:db8::1]:443"
      })
  void addressesInClearAndBase64(String address) {
    String encoded =
        Base64.getEncoder().encodeToString(address.getBytes(StandardCharsets.US_ASCII));
    assertEquals(address.replace("[", "").replace("]", "").isEmpty(), false);
    assertEquals(true, AddressLeak.find("id-" + address) != null, address);
    assertEquals(
        true,
        AddressLeak.find(encoded) != null && AddressLeak.find(encoded).endsWith("(base64)"),
        encoded);
  }

  @ParameterizedTest
  @ValueSource(strings = {"s1", "a3f9c2e1b7d4", "0123456789abcdef", "MTIzNDU2Nzg5", "v2.route-7"})
  void opaqueTokensPass(String token) {
    assertNull(AddressLeak.find(token), token);
  }

  @Test
  void setCookieAttributesAreParsed() {
    SetCookie c = SetCookie.parse("SPL=s1; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600");
    assertEquals("SPL", c.name());
    assertEquals("s1", c.value());
    assertEquals("/", c.get("path"));
    assertEquals("3600", c.get("max-age"));
    assertEquals(true, c.has("httponly"));
    assertEquals("Lax", c.get("SameSite"));
  }

  @Test
  void anAddressIsReplacedInTheEncodingItCameIn() {
    assertEquals("10.0.0.2:80", AddressLeak.address("srv=10.0.0.2:80"));
    assertEquals(
        "srv=10.0.0.9:80", AddressLeak.replace("srv=10.0.0.2:80", "10.0.0.2:80", "10.0.0.9:80"));
    String padded =
        Base64.getEncoder().encodeToString("127.0.0.1:8081".getBytes(StandardCharsets.UTF_8));
    assertEquals("127.0.0.1:8081", AddressLeak.address(padded));
    String forged = AddressLeak.replace(padded, "127.0.0.1:8081", "127.0.0.1:9999");
    assertEquals(
        "127.0.0.1:9999", new String(Base64.getDecoder().decode(forged), StandardCharsets.UTF_8));
    // unpadded URL-safe base64 stays unpadded
    String url =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("10.1.2.3:443|sig".getBytes(StandardCharsets.UTF_8));
    String forgedUrl = AddressLeak.replace(url, "10.1.2.3:443", "10.1.2.4:443");
    assertEquals(false, forgedUrl.endsWith("="));
    assertEquals(
        "10.1.2.4:443|sig",
        new String(Base64.getUrlDecoder().decode(forgedUrl), StandardCharsets.UTF_8));
    assertNull(AddressLeak.replace("s1", "10.0.0.1", "10.0.0.2"));
    assertNull(AddressLeak.address("s1"));
  }
}
