package dev.spl.webhook;

/** A request body that is not an AdmissionReview v1; answered with HTTP 400 and this message. */
final class InvalidReviewException extends Exception {
  InvalidReviewException(String message) {
    super(message, null, false, false);
  }
}
