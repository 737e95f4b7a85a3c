/** The one m:ss / h:mm:ss formatter: player positions, recording lengths, scrubber markers, countdowns. */
import { formatClock } from "@/lib/sync/format-clock";
import { formatCountdown } from "@/lib/party-client/poll-text";

describe("formatClock", () => {
  it("shows m:ss under an hour and h:mm:ss from an hour, whole seconds floored", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.99)).toBe("0:09");
    expect(formatClock(245)).toBe("4:05");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(36_000)).toBe("10:00:00");
  });

  it("never shows a negative time", () => {
    expect(formatClock(-3)).toBe("0:00");
  });

  it("rounds a countdown up, so 0:00 shows only once it is over", () => {
    expect(formatCountdown(0.2)).toBe("0:01");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(61)).toBe("1:01");
  });
});
