package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.webhook.BodyBudget.Room;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The budget's arithmetic, on a clock the test moves: no test here waits. */
class BodyBudgetTest {
  private static final long STALLED = 250;
  private final AtomicLong now = new AtomicLong();
  private final BodyBudget budget = new BodyBudget(64, 256, 1000, STALLED, now::get);

  @Test
  void oneClientHoldsAtMostHalfOfEitherLane() {
    BodyBudget.Hold a = budget.open("10.0.0.1", 400, 3000);
    BodyBudget.Hold b = budget.open("10.0.0.1", 200, 3000);
    assertEquals(0, budget.held(), "announcing reserves nothing");
    assertEquals(Room.HELD, a.take(1));
    assertEquals(400, budget.held(), "the first byte reserves the whole body");
    assertEquals(Room.OVER_SHARE, b.take(1), "the same client past half of the shared lane");
    BodyBudget.Hold c = budget.open("10.0.0.1", 100, 3000);
    assertEquals(Room.HELD, c.take(1), "up to half");
    BodyBudget.Hold other = budget.open("10.0.0.2", 500, 3000);
    assertEquals(Room.HELD, other.take(1), "another client has the other half");
    assertEquals(
        Room.FULL, budget.open("10.0.0.3", 100, 3000).take(1), "the shared lane is full for all");
    assertEquals(
        Room.OVER_SHARE,
        budget.open("10.0.0.3", BodyBudget.CHUNKED, 3000).take(1),
        "a chunked body needs the limit, over any share");
    // small bodies have their own lane, whatever the shared one holds: four of 64 fit in 256,
    // two per client
    assertEquals(Room.HELD, budget.open("10.0.0.10", 64, 3000).take(1));
    assertEquals(Room.HELD, budget.open("10.0.0.10", 64, 3000).take(1));
    assertEquals(
        Room.OVER_SHARE,
        budget.open("10.0.0.10", 64, 3000).take(1),
        "one client trickling small bodies holds half the small lane at most");
    assertEquals(Room.HELD, budget.open("10.0.0.11", 64, 3000).take(1));
    assertEquals(Room.HELD, budget.open("10.0.0.12", 64, 3000).take(1));
    assertEquals(
        Room.FULL, budget.open("10.0.0.20", 64, 3000).take(1), "the small lane is bounded too");
    a.release();
    a.release(); // twice is once
    c.release();
    other.release();
    assertEquals(256, budget.held());
    b.release(); // it held nothing
    assertEquals(
        3, budget.clients(), "10.0.0.10, .11 and .12 in the small lane; the rest hold nothing");
  }

  @Test
  void aBodyOfExactlyTheSmallSizeHasTheSmallLaneAndAClientWithNothingHasNoEntry() {
    BodyBudget.Hold first = budget.open("10.0.0.1", 64, 3000);
    assertEquals(Room.HELD, first.take(64));
    assertEquals(Room.HELD, budget.open("10.0.0.1", 64, 3000).take(64));
    assertEquals(
        Room.OVER_SHARE,
        budget.open("10.0.0.1", 64, 3000).take(64),
        "a third 64-byte body is past the client's half of the small lane (128)");
    BodyBudget.Hold larger = budget.open("10.0.0.1", 65, 3000);
    assertEquals(Room.HELD, larger.take(65), "one byte more is the shared lane's");
    assertEquals(64 + 64 + 65, budget.held());
    assertEquals(2, budget.clients(), "one address, in both lanes");
    larger.release();
    assertEquals(1, budget.clients(), "holding nothing in the shared lane, it has no entry there");
  }

  @Test
  void twoClientsThatPromiseBodiesAndTrickleThemCannotHoldTheLane() {
    // each of two addresses announces 500 bytes and sends one: together the whole shared lane
    BodyBudget.Hold first = budget.open("10.0.0.1", 500, 3000);
    BodyBudget.Hold second = budget.open("10.0.0.2", 500, 3000);
    assertEquals(Room.HELD, first.take(1));
    assertEquals(Room.HELD, second.take(1));
    BodyBudget.Hold honest = budget.open("10.0.0.3", 450, 3000);
    assertEquals(Room.FULL, honest.take(100), "while they are sending, they keep their room");
    now.addAndGet(STALLED);
    assertEquals(
        Room.HELD, honest.take(100), "silent while it waits: they give back what they owe");
    assertEquals(
        2 + 450, budget.held(), "the tricklers hold the byte each sent, the honest its body");
    assertEquals(Room.HELD, honest.take(350), "the rest of its body is its own");
    assertEquals(Room.HELD, first.take(1), "a stalled body that finds room for the rest takes it");
    assertEquals(500 + 1 + 450, budget.held());
    assertEquals(Room.HELD, second.take(1), "one that finds none goes on as its bytes arrive");
    assertEquals(500 + 2 + 450, budget.held());
    honest.release();
    first.release();
    second.release();
    assertEquals(0, budget.held());
  }

  @Test
  void bodiesArrivingAtSpeedKeepTheirWholeReservation() {
    BodyBudget.Hold a = budget.open("10.0.0.1", 500, 3000);
    BodyBudget.Hold b = budget.open("10.0.0.2", 500, 3000);
    assertEquals(Room.HELD, a.take(100));
    assertEquals(Room.HELD, b.take(100));
    BodyBudget.Hold late = budget.open("10.0.0.3", 200, 3000);
    now.addAndGet(STALLED - 1);
    assertEquals(Room.HELD, a.take(100), "a body still arriving");
    assertEquals(Room.HELD, b.take(100));
    assertEquals(Room.FULL, late.take(1), "so the late one waits for them");
    assertEquals(1000, budget.held());
    now.addAndGet(STALLED);
    assertEquals(
        Room.HELD, late.take(1), "until they fall silent: half sent, they keep what arrived");
    assertEquals(200 + 200 + 200, budget.held());
    // a stalled body that finds the rest of itself room reserves it whole again
    assertEquals(Room.HELD, a.take(1));
    assertEquals(500 + 200 + 200, budget.held());
  }

  @Test
  void aChunkedBodyGivesBackWhatItDidNotNeedOnceItStopsArriving() {
    BodyBudget lane = new BodyBudget(64, 256, 800, STALLED, now::get);
    BodyBudget.Hold chunked = lane.open("10.0.0.1", BodyBudget.CHUNKED, 400);
    assertEquals(Room.HELD, chunked.take(50));
    assertEquals(400, lane.held(), "as large as the limit, until it ends");
    assertEquals(Room.HELD, lane.open("10.0.0.3", 300, 3000).take(300), "arrived whole");
    BodyBudget.Hold next = lane.open("10.0.0.2", 300, 3000);
    assertEquals(Room.FULL, next.take(1));
    now.addAndGet(STALLED);
    assertEquals(Room.HELD, next.take(1), "a body that arrived has nothing to give back");
    assertEquals(50 + 300 + 300, lane.held());
  }
}
