package dev.spl.rules.schema;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import dev.spl.schema.SchemaViolation;

/** Messages for cookie and header names, which share the CRD's token pattern and lengths. */
final class TokenNames {
  private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~";

  static final MessageTemplate REQUIRED =
      MessageTemplate.of("{field} is required; set the {what} name the client sends back");
  static final MessageTemplate EMPTY =
      MessageTemplate.of("{field} is empty; give the {what} a name such as session");
  static final MessageTemplate TOO_LONG =
      MessageTemplate.of("{field} is {length} characters, over the 256 limit; shorten it");
  static final MessageTemplate BAD_CHARACTER =
      MessageTemplate.of(
          "{field} {value} has {character}, not allowed in a {what} name; use letters, digits and "
              + TOKEN_CHARS);

  private TokenNames() {}

  /** The message for a violation of a name field, or null when it is not about the name. */
  static String message(SchemaViolation v, String what) {
    return switch (v.kind()) {
      case REQUIRED -> REQUIRED.format("field", v.field(), "what", what);
      case MIN_LENGTH -> EMPTY.format("field", v.field(), "what", what);
      case MAX_LENGTH -> TOO_LONG.format("field", v.field(), "length", length(v.node()));
      case PATTERN ->
          BAD_CHARACTER.format(
              "field",
              v.field(),
              "value",
              quoted(v.node()),
              "character",
              firstBadChar(v.node()),
              "what",
              what);
      default -> null;
    };
  }

  private static int length(Node node) {
    String s = (String) ((ScalarNode) node).value();
    return s.codePointCount(0, s.length());
  }

  private static String quoted(Node node) {
    return ((ScalarNode) node).quoted();
  }

  private static String firstBadChar(Node node) {
    String s = (String) ((ScalarNode) node).value();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok = (c < 128 && Character.isLetterOrDigit(c)) || TOKEN_CHARS.indexOf(c) >= 0;
      if (!ok) {
        return c == ' ' ? "a space" : c < 32 || c == 127 ? "a control character" : "'" + c + "'";
      }
    }
    return "a character";
  }
}
